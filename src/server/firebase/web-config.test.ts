import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/server/env';
import { firebaseWebConfig } from './web-config';

const real = { BACKEND: 'firebase', FIREBASE_PROJECT_ID: 'venue-prod', FIREBASE_API_KEY: 'key', FIREBASE_AUTH_DOMAIN: 'venue-prod.firebaseapp.com', PASS_SIGNING_KEY: 'mn-ajMd46NFNPlEwLmqxwx3_kL4PC44NP1V29DVpsk4', TICKET_SIGNING_KEY: 'rbb_t8eEtiJ-ueAaKwuDHMu2OPxYCQU6XBH32E25V6o' };
const demo = { ...real, FIREBASE_PROJECT_ID: 'demo-venue', FIREBASE_AUTH_DOMAIN: 'demo-venue.firebaseapp.com' };

describe('Firebase web config', () => {
  it('sends the browser to Google in Firebase mode, with the bucket where Storage is set up', () => {
    const config = firebaseWebConfig(parseEnv({ ...real, FIREBASE_STORAGE_BUCKET: 'venue-prod.appspot.com' }), undefined, undefined);
    expect(config).toMatchObject({ backend: 'firebase', storageBucket: 'venue-prod.appspot.com' });
    expect(config.authEmulatorUrl).toBeUndefined();
  });

  it('signs the browser in at the Auth emulator in Firebase mode when the server trusts that emulator', () => {
    const config = firebaseWebConfig(parseEnv({ ...demo, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9351' }), undefined, undefined);
    expect(config.authEmulatorUrl).toBe('http://127.0.0.1:9351');
  });

  it('refuses the Auth emulator with a real project: firebase-admin would accept unsigned tokens', () => {
    expect(() => parseEnv({ ...real, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(/FIREBASE_AUTH_EMULATOR_HOST: is for emulator tests only/);
  });

  it("tells the browser who mails sign-in links: the app on the embedded backend, Firebase's templates on Firebase unless AUTH_MAILS=app", () => {
    expect(firebaseWebConfig(parseEnv({}), undefined, undefined).authMails).toBe('app');
    expect(firebaseWebConfig(parseEnv(real), undefined, undefined).authMails).toBe('firebase');
    expect(firebaseWebConfig(parseEnv({ ...real, AUTH_MAILS: 'app', SMTP_URL: 'smtp://mail.example.org:587' }), undefined, undefined).authMails).toBe('app');
  });

  it('tells the browser there is no Storage when none is reachable', () => {
    expect(firebaseWebConfig(parseEnv(real), undefined, undefined).storageBucket).toBeUndefined();
    // A demo project reaches Storage only through its emulator.
    const bucket = { ...demo, FIREBASE_STORAGE_BUCKET: 'demo-venue.appspot.com' };
    expect(firebaseWebConfig(parseEnv(bucket), undefined, undefined).storageBucket).toBeUndefined();
    expect(firebaseWebConfig(parseEnv(bucket), undefined, '127.0.0.1:9199').storageBucket).toBe('demo-venue.appspot.com');
  });
});
