// Who may reach the embedded backend (decision 012): only this machine, unless the person running
// it opts in to a demo on a trusted network. Its Auth emulator trusts unsigned tokens and its demo
// passwords are public, so a request addressed to any other name is refused before anything runs.
import type { Env } from '@/server/env';

/** localhost, 127.0.0.0/8 and [::1], with or without a port. */
const LOOPBACK_HOST = /^(?:localhost|127(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}|\[::1\])(?::\d{1,5})?$/i;

export function isLoopbackHost(host: string | null | undefined): boolean {
  return typeof host === 'string' && LOOPBACK_HOST.test(host);
}

export type Exposure = 'firebase' | 'this-machine' | 'network-demo';

export function exposureOf(env: Pick<Env, 'BACKEND' | 'EMBEDDED_ALLOW_NETWORK'>): Exposure {
  if (env.BACKEND !== 'embedded') return 'firebase';
  return env.EMBEDDED_ALLOW_NETWORK ? 'network-demo' : 'this-machine';
}

/**
 * Whether a request must be refused: the embedded backend kept to this machine, asked for by a
 * name that is not a loopback one (another machine, or a DNS-rebinding page in a local browser).
 * Only `Host` counts: X-Forwarded-Host is any caller's to set.
 */
export function refusesHost(env: Pick<Env, 'BACKEND' | 'EMBEDDED_ALLOW_NETWORK'>, host: string | null): boolean {
  return exposureOf(env) === 'this-machine' && !isLoopbackHost(host);
}
