// Runs in the browser before the app: settings the whole client bundle needs.

// The Content-Security-Policy allows no eval (decision 014). Zod probes for it once with
// `new Function`, which the browser reports as a violation even though Zod catches the error;
// jitless skips the probe (and Zod's compiled fast path, which the policy would refuse anyway).
// Set where Zod keeps its settings (`globalThis.__zod_globalConfig`, which Zod adopts when it
// loads) instead of through `config()` from 'zod/mini': importing Zod here would put it in every
// page's first load, although only the signed-in areas' forms use it in the browser
// (decision 027). zod-global-config.test.ts checks that Zod reads the setting from there.
declare global {
  var __zod_globalConfig: Record<string, unknown> | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
