import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('environment', () => {
  it('defaults to the embedded backend on localhost', () => {
    expect(parseEnv({})).toMatchObject({
      BACKEND: 'embedded',
      SITE_URL: 'http://localhost:3000',
      DATA_DIR: '.data',
      FIREBASE_PROJECT_ID: 'demo-venue',
    });
  });

  it('accepts the Firebase backend with its project', () => {
    expect(
      parseEnv({ BACKEND: 'firebase', FIREBASE_PROJECT_ID: 'venue-prod', FIREBASE_API_KEY: 'key', FIREBASE_AUTH_DOMAIN: 'venue-prod.firebaseapp.com', PASS_SIGNING_KEY: 'mn-ajMd46NFNPlEwLmqxwx3_kL4PC44NP1V29DVpsk4', TICKET_SIGNING_KEY: 'rbb_t8eEtiJ-ueAaKwuDHMu2OPxYCQU6XBH32E25V6o' })
        .BACKEND,
    ).toBe('firebase');
  });

  it('requires the project and its web config for the Firebase backend', () => {
    expect(() => parseEnv({ BACKEND: 'firebase' })).toThrow(/FIREBASE_PROJECT_ID: is required when BACKEND=firebase/);
    expect(() => parseEnv({ BACKEND: 'firebase', FIREBASE_PROJECT_ID: 'p' })).toThrow(/FIREBASE_API_KEY[\s\S]*FIREBASE_AUTH_DOMAIN[\s\S]*PASS_SIGNING_KEY/);
  });

  it('takes a pass signing key only as base64url of at least 32 bytes', () => {
    expect(parseEnv({ PASS_SIGNING_KEY: 'mn-ajMd46NFNPlEwLmqxwx3_kL4PC44NP1V29DVpsk4', TICKET_SIGNING_KEY: 'rbb_t8eEtiJ-ueAaKwuDHMu2OPxYCQU6XBH32E25V6o' }).PASS_SIGNING_KEY).toBe('mn-ajMd46NFNPlEwLmqxwx3_kL4PC44NP1V29DVpsk4');
    expect(() => parseEnv({ PASS_SIGNING_KEY: 'short' })).toThrow(/PASS_SIGNING_KEY: must be base64url/);
  });

  it('keeps the embedded backend to this machine unless EMBEDDED_ALLOW_NETWORK=1', () => {
    expect(parseEnv({}).EMBEDDED_ALLOW_NETWORK).toBe(false);
    expect(parseEnv({ EMBEDDED_ALLOW_NETWORK: '1' }).EMBEDDED_ALLOW_NETWORK).toBe(true);
    expect(() => parseEnv({ EMBEDDED_ALLOW_NETWORK: 'yes' })).toThrow(/EMBEDDED_ALLOW_NETWORK/);
  });

  it("lets the app mail sign-in links on the Firebase backend only with an SMTP service to send them", () => {
    const firebase = { BACKEND: 'firebase', FIREBASE_PROJECT_ID: 'venue-prod', FIREBASE_API_KEY: 'key', FIREBASE_AUTH_DOMAIN: 'venue-prod.firebaseapp.com', PASS_SIGNING_KEY: 'mn-ajMd46NFNPlEwLmqxwx3_kL4PC44NP1V29DVpsk4', TICKET_SIGNING_KEY: 'rbb_t8eEtiJ-ueAaKwuDHMu2OPxYCQU6XBH32E25V6o' };
    expect(() => parseEnv({ ...firebase, AUTH_MAILS: 'app' })).toThrow(/AUTH_MAILS: 'app' needs SMTP_URL/);
    expect(parseEnv({ ...firebase, AUTH_MAILS: 'app', SMTP_URL: 'smtps://apikey:secret@smtp.example.org:465' }).AUTH_MAILS).toBe('app');
    expect(parseEnv({ ...firebase }).AUTH_MAILS).toBeUndefined();
    expect(() => parseEnv({ AUTH_MAILS: 'smtp' })).toThrow(/AUTH_MAILS/);
  });

  it('trusts App Hosting’s client address only when told, and only on the Firebase backend', () => {
    const firebase = { BACKEND: 'firebase', FIREBASE_PROJECT_ID: 'venue-prod', FIREBASE_API_KEY: 'key', FIREBASE_AUTH_DOMAIN: 'venue-prod.firebaseapp.com', PASS_SIGNING_KEY: 'mn-ajMd46NFNPlEwLmqxwx3_kL4PC44NP1V29DVpsk4', TICKET_SIGNING_KEY: 'rbb_t8eEtiJ-ueAaKwuDHMu2OPxYCQU6XBH32E25V6o' };
    expect(parseEnv(firebase).TRUST_APP_HOSTING_CLIENT_IP).toBe(false);
    expect(parseEnv({ ...firebase, TRUST_APP_HOSTING_CLIENT_IP: 'true' }).TRUST_APP_HOSTING_CLIENT_IP).toBe(true);
    expect(() => parseEnv({ ...firebase, TRUST_APP_HOSTING_CLIENT_IP: 'yes' })).toThrow(/TRUST_APP_HOSTING_CLIENT_IP/);
    expect(() => parseEnv({ TRUST_APP_HOSTING_CLIENT_IP: 'true' })).toThrow(/TRUST_APP_HOSTING_CLIENT_IP: is for the Firebase backend behind App Hosting/);
  });

  it('bounds the rendition cache in megabytes, 256 unless set, and shares it in Cloud Storage only on Firebase', () => {
    expect(parseEnv({})).toMatchObject({ RENDITION_CACHE_MB: 256, RENDITION_CACHE: 'local' });
    expect(parseEnv({ RENDITION_CACHE_MB: '0' }).RENDITION_CACHE_MB).toBe(0);
    expect(() => parseEnv({ RENDITION_CACHE_MB: '-1' })).toThrow(/RENDITION_CACHE_MB/);
    expect(() => parseEnv({ RENDITION_CACHE: 'storage' })).toThrow(/RENDITION_CACHE: 'storage' is for the Firebase backend/);
  });

  it('names every invalid variable', () => {
    expect(() => parseEnv({ BACKEND: 'postgres', SITE_URL: 'not a url' })).toThrow(/BACKEND[\s\S]*SITE_URL|SITE_URL[\s\S]*BACKEND/);
  });
  describe('who runs the background work', () => {
    const firebase = { BACKEND: 'firebase', FIREBASE_PROJECT_ID: 'venue-prod', FIREBASE_API_KEY: 'key', FIREBASE_AUTH_DOMAIN: 'venue-prod.firebaseapp.com', PASS_SIGNING_KEY: 'mn-ajMd46NFNPlEwLmqxwx3_kL4PC44NP1V29DVpsk4', TICKET_SIGNING_KEY: 'rbb_t8eEtiJ-ueAaKwuDHMu2OPxYCQU6XBH32E25V6o' };
    const SECRET = 'a-cron-secret-of-at-least-32-characters';

    it('keeps the timers on the embedded backend, and on Firebase until the jobs have a secret', () => {
      expect(parseEnv({}).BACKGROUND_WORK).toBe('timers');
      expect(parseEnv({ CRON_SECRET: SECRET }).BACKGROUND_WORK).toBe('timers');
      expect(parseEnv(firebase).BACKGROUND_WORK).toBe('timers');
      expect(parseEnv({ ...firebase, CRON_SECRET: SECRET }).BACKGROUND_WORK).toBe('scheduler');
      expect(parseEnv({ ...firebase, CRON_SECRET: SECRET, BACKGROUND_WORK: 'timers' }).BACKGROUND_WORK).toBe('timers');
    });

    it("reads the earlier NOTIFICATIONS_CRON_SECRET as the secret, without turning a notifications-only cron's timers off", () => {
      const earlier = parseEnv({ ...firebase, NOTIFICATIONS_CRON_SECRET: SECRET, NOTIFICATION_SCHEDULER: 'off' });
      expect(earlier).toMatchObject({ CRON_SECRET: SECRET, BACKGROUND_WORK: 'timers', NOTIFICATION_SCHEDULER: 'off' });
    });

    it('refuses the scheduler without a secret for its jobs, and a short secret', () => {
      expect(() => parseEnv({ ...firebase, BACKGROUND_WORK: 'scheduler' })).toThrow(/BACKGROUND_WORK: 'scheduler' needs CRON_SECRET/);
      expect(() => parseEnv({ BACKGROUND_WORK: 'cron' })).toThrow(/BACKGROUND_WORK/);
      expect(() => parseEnv({ CRON_SECRET: 'short' })).toThrow(/CRON_SECRET: must be at least 32 characters/);
      expect(parseEnv({ BACKGROUND_WORK: 'scheduler', CRON_SECRET: SECRET }).BACKGROUND_WORK).toBe('scheduler');
    });

    it('takes the log level from LOG_LEVEL', () => {
      expect(parseEnv({}).LOG_LEVEL).toBe('info');
      expect(parseEnv({ LOG_LEVEL: 'debug' }).LOG_LEVEL).toBe('debug');
      expect(() => parseEnv({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
    });
  });
});
