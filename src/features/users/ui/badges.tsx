'use client';
// Role and account status as text with a symbol, never as colour alone.
import { useTranslations } from 'next-intl';
import type { Role } from '@/access/roles';
import styles from './badges.module.css';

const ROLE_SYMBOL: Record<Role | 'none', string> = { admin: '★', scanner: '⌁', user: '◆', none: '○' };

export function RoleBadge({ role }: { role: Role | null }) {
  const t = useTranslations('Roles');
  const key = role ?? 'none';
  return (
    <span className={role ? `badge ${styles[`badge--role-${role}`]}` : 'badge'}>
      <span aria-hidden="true">{ROLE_SYMBOL[key]}</span> {t(key)}
    </span>
  );
}

export function StatusBadge({ disabled }: { disabled: boolean }) {
  const t = useTranslations('AdminUsers.status');
  return (
    <span className={disabled ? `badge ${styles['badge--disabled']}` : 'badge'}>
      <span aria-hidden="true">{disabled ? '⊘' : '✓'}</span> {disabled ? t('disabled') : t('active')}
    </span>
  );
}
