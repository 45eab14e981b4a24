// Remembers that the install prompt was dismissed (specification: in local storage).
export const INSTALL_DISMISSED_KEY = 'installPromptDismissed';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

export function isInstallPromptDismissed(storage: Store): boolean {
  return storage.getItem(INSTALL_DISMISSED_KEY) !== null;
}

export function rememberInstallPromptDismissed(storage: Store, now: Date): void {
  storage.setItem(INSTALL_DISMISSED_KEY, now.toISOString());
}
