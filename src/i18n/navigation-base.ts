// next-intl's locale-aware navigation, made once. Import from './navigation', which puts the
// intent-prefetching Link in place of next-intl's.
import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

export const navigation = createNavigation(routing);
