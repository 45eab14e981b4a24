// Sign-in failures as the person sees them: every Firebase Auth code the product meets maps to
// one localized message (messages: Auth.errors.<key>), with a next step where there is one.

/** The messages a sign-in can end with; keys of Auth.errors in the message files. */
export const AUTH_ERROR_KEYS = [
  'unauthorizedDomain',
  'popupBlocked',
  'popupClosed',
  'popupCancelled',
  'network',
  'storageUnsupported',
  'configuration',
  'internal',
  'environmentUnsupported',
  'wrongCredentials',
  'userDisabled',
  'emailInUse',
  'weakPassword',
  'tooManyRequests',
  'invalidEmail',
  'missingPassword',
  'invalidLink',
  'emailRequired',
  'linkExpired',
  'accountExistsWithOtherMethod',
  'methodDisabled',
  'quotaExceeded',
  'session',
  'unknown',
] as const;
export type AuthErrorKey = (typeof AUTH_ERROR_KEYS)[number];

const BY_CODE: Record<string, AuthErrorKey> = {
  // The specification's list of codes seen from the sign-in library.
  'auth/unauthorized-domain': 'unauthorizedDomain',
  'auth/popup-blocked': 'popupBlocked',
  'auth/popup-closed-by-user': 'popupClosed',
  'auth/cancelled-popup-request': 'popupCancelled',
  'auth/network-request-failed': 'network',
  'auth/web-storage-unsupported': 'storageUnsupported',
  'auth/invalid-api-key': 'configuration',
  'auth/auth-domain-config-required': 'configuration',
  'auth/internal-error': 'internal',
  'auth/operation-not-supported-in-this-environment': 'environmentUnsupported',
  // Password, account creation, reset and e-mail links.
  'auth/invalid-credential': 'wrongCredentials',
  'auth/invalid-login-credentials': 'wrongCredentials',
  'auth/wrong-password': 'wrongCredentials',
  'auth/user-not-found': 'wrongCredentials',
  'auth/user-disabled': 'userDisabled',
  'auth/email-already-in-use': 'emailInUse',
  'auth/weak-password': 'weakPassword',
  'auth/too-many-requests': 'tooManyRequests',
  'auth/invalid-email': 'invalidEmail',
  'auth/missing-email': 'emailRequired',
  'auth/missing-password': 'missingPassword',
  'auth/invalid-action-code': 'invalidLink',
  'auth/expired-action-code': 'linkExpired',
  'auth/account-exists-with-different-credential': 'accountExistsWithOtherMethod',
  'auth/operation-not-allowed': 'methodDisabled',
  'auth/admin-restricted-operation': 'methodDisabled',
  'auth/quota-exceeded': 'quotaExceeded',
  'auth/unauthorized-continue-uri': 'unauthorizedDomain',
  'auth/invalid-continue-uri': 'configuration',
  'auth/missing-continue-uri': 'configuration',
};

/** The message key for anything a sign-in call threw. */
export function authErrorKey(error: unknown): AuthErrorKey {
  if (error instanceof AuthFlowError) return error.key;
  const code = typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : undefined;
  if (typeof code === 'string') return BY_CODE[code] ?? 'unknown';
  return 'unknown';
}

/** A failure of the product's own sign-in steps ('Invalid sign-in link', 'Email is required'). */
export class AuthFlowError extends Error {
  constructor(readonly key: AuthErrorKey) {
    super(key);
  }
}

/** Closing the popup or starting a second one is the person's choice, not a failure to report loudly. */
export function isQuietAuthError(key: AuthErrorKey): boolean {
  return key === 'popupClosed' || key === 'popupCancelled';
}
