// The Auth emulator's tokens, checked here. The emulator signs nothing (its tokens say
// "alg": "none"), so firebase-admin checks only their claims, and then, for every token and
// whether asked or not, looks the account up in the emulator: a second lookup beside the one
// ./account-states.ts makes in rounds, and at a busy door most of the server's work. This module
// checks the same claims firebase-admin checks for emulator tokens; the account itself is then
// checked once, in rounds, as in Firebase mode. Never used with real Firebase Auth, whose tokens
// firebase-admin verifies against Google's keys.
import 'server-only';
import type { VerifiedClaims } from './port';

export type TokenKind = 'id' | 'session';

/** The issuer firebase-admin expects of each kind of token. */
function issuer(kind: TokenKind, projectId: string): string {
  return kind === 'session' ? `https://session.firebase.google.com/${projectId}` : `https://securetoken.google.com/${projectId}`;
}

/** Clock skew firebase-admin's JWT check allows. */
const LEEWAY_SECONDS = 5;

export class EmulatorTokenError extends Error {
  readonly code = 'auth/argument-error';
}

function part(segment: string | undefined): Record<string, unknown> {
  if (!segment) throw new EmulatorTokenError('Not a token.');
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
    return value as Record<string, unknown>;
  } catch {
    throw new EmulatorTokenError('Not a token.');
  }
}

/** The claims of an emulator token of this project that has not expired; throws otherwise. */
export function verifyEmulatorToken(token: string, kind: TokenKind, projectId: string, nowMs = Date.now()): VerifiedClaims & { auth_time: number } {
  const segments = token.split('.');
  if (segments.length !== 3) throw new EmulatorTokenError('Not a token.');
  const claims = part(segments[1]);
  part(segments[0]);
  const now = nowMs / 1000;
  const { aud, iss, sub, exp, iat, auth_time: authTime } = claims;
  if (aud !== projectId) throw new EmulatorTokenError('The token is for another project.');
  if (iss !== issuer(kind, projectId)) throw new EmulatorTokenError('The token has the wrong issuer.');
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > 128) throw new EmulatorTokenError('The token names no account.');
  if (typeof exp !== 'number' || exp + LEEWAY_SECONDS <= now) throw new EmulatorTokenError('The token has expired.');
  if (typeof iat !== 'number' || iat - LEEWAY_SECONDS > now) throw new EmulatorTokenError('The token was issued in the future.');
  if (typeof authTime !== 'number') throw new EmulatorTokenError('The token has no sign-in time.');
  return { ...claims, uid: sub, iat, auth_time: authTime };
}
