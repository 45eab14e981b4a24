// The specification's push terms, shared by the browser and the server. Plain constants with no
// imports: the browser bundles this file, and zod or node: modules in it break the page's CSP.

/** A device registers again when its registration is older than this. */
export const PUSH_REFRESH_DAYS = 7;

/** Turning push on (the worker, the push subscription, the server's answer) fails after this. */
export const PUSH_REGISTRATION_TIMEOUT_MS = 10_000;

/** The one thing push keeps in the browser (localStorage): this device's registration. */
export const PUSH_RECORD_KEY = 'pushRegistration';
