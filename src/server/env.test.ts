import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('environment', () => {
  it('defaults to the embedded backend on localhost', () => {
    expect(parseEnv({})).toMatchObject({ BACKEND: 'embedded', SITE_URL: 'http://localhost:3000', DATA_DIR: '.data' });
  });

  it('accepts the Firebase backend', () => {
    expect(parseEnv({ BACKEND: 'firebase', SITE_URL: 'https://venue.example' }).BACKEND).toBe('firebase');
  });

  it('names every invalid variable', () => {
    expect(() => parseEnv({ BACKEND: 'postgres', SITE_URL: 'not a url' })).toThrow(/BACKEND[\s\S]*SITE_URL|SITE_URL[\s\S]*BACKEND/);
  });
});
