import { describe, expect, it } from 'vitest';
import en from '@/i18n/messages/en.json' with { type: 'json' };
import de from '@/i18n/messages/de.json' with { type: 'json' };
import { AUTH_ERROR_KEYS, AuthFlowError, authErrorKey, isQuietAuthError } from './auth-errors';

// The sign-in library codes the specification lists, each of which must get its own message.
const SPECIFIED_CODES = [
  'unauthorized-domain',
  'popup-blocked',
  'popup-closed-by-user',
  'cancelled-popup-request',
  'network-request-failed',
  'web-storage-unsupported',
  'invalid-api-key',
  'auth-domain-config-required',
  'internal-error',
  'operation-not-supported-in-this-environment',
];

describe('sign-in error messages', () => {
  it.each(SPECIFIED_CODES)('maps auth/%s to a specific message', (code) => {
    expect(authErrorKey({ code: `auth/${code}` })).not.toBe('unknown');
  });

  it('maps the password and account codes', () => {
    expect(authErrorKey({ code: 'auth/invalid-credential' })).toBe('wrongCredentials');
    expect(authErrorKey({ code: 'auth/email-already-in-use' })).toBe('emailInUse');
    expect(authErrorKey({ code: 'auth/user-disabled' })).toBe('userDisabled');
    expect(authErrorKey({ code: 'auth/too-many-requests' })).toBe('tooManyRequests');
  });

  it('keeps its own failures and falls back for anything else', () => {
    expect(authErrorKey(new AuthFlowError('invalidLink'))).toBe('invalidLink');
    expect(authErrorKey({ code: 'auth/something-new' })).toBe('unknown');
    expect(authErrorKey(new TypeError('boom'))).toBe('unknown');
    expect(authErrorKey(undefined)).toBe('unknown');
  });

  it('treats only a closed or replaced popup as the person’s own choice', () => {
    expect(AUTH_ERROR_KEYS.filter(isQuietAuthError)).toEqual(['popupClosed', 'popupCancelled']);
  });

  it('has a message in English and German for every key', () => {
    for (const key of AUTH_ERROR_KEYS) {
      expect(en.Auth.errors[key], key).toBeTruthy();
      expect(de.Auth.errors[key], key).toBeTruthy();
    }
    expect(en.Auth.errors.invalidLink).toBe('Invalid sign-in link');
    expect(en.Auth.errors.emailRequired).toBe('Email is required');
  });
});
