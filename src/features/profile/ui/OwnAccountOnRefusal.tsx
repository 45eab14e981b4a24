'use client';
// An account without a role meets a refusal at /vip/profile (the route table keeps the profile for
// the VIP area), yet it may always leave: the refusal page offers deleting the account there.
import { useTranslations } from 'next-intl';
import { usePathname } from '@/i18n/navigation';
import { trpc } from '@/trpc/client';
import { RetryAlert } from '@/ui/errors/RetryAlert';
import { DeleteAccount } from './ProfileSettings';
import { Skeleton } from '@/ui/Skeleton';
import styles from './profile.module.css';

export function OwnAccountOnRefusal() {
  const pathname = usePathname();
  if (pathname !== '/vip/profile') return null;
  return <OwnAccount />;
}

function OwnAccount() {
  const t = useTranslations('Profile');
  const profile = trpc.profile.get.useQuery(undefined, { retry: false });
  if (profile.isPending) return <Skeleton shape="button" label={t('loading')} />;
  if (profile.isError) return <RetryAlert error={profile.error} onRetry={() => profile.refetch()} />;
  return (
    <div className={`${styles.profile} ${styles['profile--refusal']}`}>
      <DeleteAccount profile={profile.data} />
    </div>
  );
}
