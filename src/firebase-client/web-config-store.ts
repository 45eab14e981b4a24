// The page's Firebase web config, kept for the browser's Firebase client (./firebase-web.ts)
// without loading Firebase: <WebConfigProvider> sits in every page, Firebase only where used.
import type { FirebaseWebConfig } from './web-config';

let provided: FirebaseWebConfig | undefined;

/** Called by <WebConfigProvider> with the config of the page's render. */
export function provideWebConfig(config: FirebaseWebConfig): void {
  provided = config;
}

/** The runtime config this page was rendered with. */
export function webConfig(): FirebaseWebConfig {
  if (!provided) throw new Error('The Firebase web config is provided by the root layout (<WebConfigProvider>).');
  return provided;
}
