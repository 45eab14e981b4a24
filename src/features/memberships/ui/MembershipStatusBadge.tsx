'use client';
// A membership's state as text with a symbol, never as colour alone.
import { useTranslations } from 'next-intl';
import type { MembershipStatus } from '../membership-rules';
import styles from './memberships.module.css';

const SYMBOL: Record<MembershipStatus, string> = { pending: '◔', active: '◆', cancelled: '⊘', expired: '◌' };

export function MembershipStatusBadge({ status }: { status: MembershipStatus }) {
  const t = useTranslations('Memberships.status');
  const tone = styles[`badge--membership-${status}`];
  return (
    <span className={tone ? `badge ${tone}` : 'badge'}>
      <span aria-hidden="true">{SYMBOL[status]}</span> {t(status)}
    </span>
  );
}
