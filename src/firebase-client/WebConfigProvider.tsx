'use client';
// Hands the page's Firebase web config (rendered by the root layout) to the browser's Firebase
// client and to components: which backend serves live reads and uploads, and whether files can
// be kept, are known on the first render instead of after a fetch.
import { createContext, useContext, type ReactNode } from 'react';
import { provideWebConfig } from './web-config-store';
import type { FirebaseWebConfig } from './web-config';

const WebConfigContext = createContext<FirebaseWebConfig | null>(null);

export function WebConfigProvider({ config, children }: { config: FirebaseWebConfig; children: ReactNode }) {
  // Module state only in the browser: on the server it would be shared by every request.
  if (typeof window !== 'undefined') provideWebConfig(config);
  return <WebConfigContext.Provider value={config}>{children}</WebConfigContext.Provider>;
}

export function useWebConfig(): FirebaseWebConfig {
  const config = useContext(WebConfigContext);
  if (!config) throw new Error('useWebConfig() needs <WebConfigProvider> (the root layout renders it).');
  return config;
}

/** Which backend serves live reads and uploads. */
export function useBackend(): FirebaseWebConfig['backend'] {
  return useWebConfig().backend;
}
