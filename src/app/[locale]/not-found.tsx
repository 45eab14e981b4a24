// The localized 404 for notFound() thrown by a page (an unknown event, say).
import { getTranslations } from 'next-intl/server';
import { NotFoundView } from '@/ui/errors/NotFoundView';

export async function generateMetadata() {
  const t = await getTranslations('Errors');
  return { title: t('notFoundTitle'), robots: { index: false } };
}

export default function NotFound() {
  return <NotFoundView />;
}
