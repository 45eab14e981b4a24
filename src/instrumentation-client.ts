// Runs in the browser before the app: settings the whole client bundle needs.
import { config } from 'zod/mini';

// The Content-Security-Policy allows no eval (decision 014). Zod probes for it once with
// `new Function`, which the browser reports as a violation even though Zod catches the error;
// jitless skips the probe (and Zod's compiled fast path, which the policy would refuse anyway).
config({ jitless: true });
