// Types of ./emulator-guard.mjs for the tests and the journal's types.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

export interface GuardPolicy {
  /** The port serves the API the browser's SDK uses; otherwise no browser may use it. */
  api: boolean;
  origins: string[];
  allowNetwork: boolean;
}
export const GUARD_ENV: string;
export function isLoopbackName(hostname: string | undefined): boolean;
export function isLoopbackHost(host: string | undefined): boolean;
export function appOrigins(options: { appPort: number; siteUrl?: string; emulatorHost: string; emulatorUrl?: string }): string[];
export function refusalOf(headers: IncomingHttpHeaders, policy: GuardPolicy, request?: { method?: string; url?: string }): string | null;
export function withoutPrivateNetworkGrant<T extends ServerResponse>(response: T): T;
export function refuseRequest(request: IncomingMessage, response: ServerResponse, policy: GuardPolicy): boolean;
export function refuseSocket(request: IncomingMessage, socket: Duplex, policy: GuardPolicy): boolean;
export function policyForPort(serialized: string | undefined, port: number | undefined): GuardPolicy;
