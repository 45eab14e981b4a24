// Locale-aware Link, redirect and router: they keep the current language in every URL. The Link
// loads its page on a person's intent, not on sight (IntentLink.tsx).
import { navigation } from './navigation-base';

export { Link } from './IntentLink';
export const { redirect, usePathname, useRouter, getPathname } = navigation;
