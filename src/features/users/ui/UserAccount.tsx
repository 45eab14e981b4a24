'use client';
// /admin/users/{id}: one account with its role, memberships, access and history. Changes go
// through admin procedures; the server refuses an admin's own demotion or disabling, and the page
// says why before anyone tries. The role picker offers staff roles only: the member role comes
// with a membership, given in the memberships section.
import { useId, useState, type ReactNode } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { trpc } from '@/trpc/client';
import { useApiErrorMessage } from '@/trpc/errors';
import { useForm } from '@/forms/useForm';
import { useViewerState } from '@/features/identity/client/ViewerProvider';
import { isStaffRole, STAFF_ROLES, type StaffRole } from '@/access/roles';
import { RoleChangeInput } from '../users.inputs';
import { RoleBadge, StatusBadge } from './badges';
import { AuditTrail } from '@/ui/AuditTrail';
import { ConfirmButton } from '@/ui/dialog/ConfirmButton';
import { Facts } from '@/ui/Facts';
import { SelectField } from '@/ui/form/SelectField';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import { Alert, FeedbackAlert } from '@/ui/feedback/Alert';
import { useFeedback } from '@/ui/feedback/useFeedback';
import styles from './UserAccount.module.css';

/** The person a page's own sections (memberships, the door) are about; `refresh` reloads the account. */
export interface AccountPerson {
  uid: string;
  name: string;
  refresh: () => Promise<unknown>;
}

/** `sections` come from other features: the page that shows this account puts them in (src/app/). */
export function UserAccount({ uid, sections }: { uid: string; sections: (person: AccountPerson) => ReactNode }) {
  const t = useTranslations('AdminUser');
  const tRoles = useTranslations('Roles');
  const format = useFormatter();
  const errorMessage = useApiErrorMessage();
  const { person: me } = useViewerState();
  const utils = trpc.useUtils();
  const detail = trpc.users.get.useQuery({ uid });
  const [role, setRole] = useState<StaffRole | 'none' | null>(null);
  const { feedback, setFeedback, succeeded, failed: onError, clear: clearFeedback } = useFeedback();
  const id = useId();
  // The role form: a refusal of the role is said at the picker, any other where the page reports.
  const roleForm = useForm({ fields: ['role'] });

  const refresh = () => Promise.all([utils.users.get.invalidate({ uid }), utils.users.list.invalidate()]);
  const setRoleMutation = trpc.users.setRole.useMutation({
    onSuccess: async (result) => {
      await refresh();
      setRole(null);
      succeeded(t('roleSaved', { role: tRoles(result.role ?? 'none') }));
    },
    onError: (error) => {
      const said = roleForm.refuse(error);
      setFeedback(said ? { kind: 'error', text: said } : null);
    },
  });
  const disableMutation = trpc.users.setDisabled.useMutation({
    onSuccess: async (_, input) => {
      await refresh();
      succeeded(input.disabled ? t('disabledDone') : t('enabled'));
    },
    onError,
  });
  const signOutMutation = trpc.users.signOutEverywhere.useMutation({
    onSuccess: async () => {
      await refresh();
      succeeded(t('signedOut'));
    },
    onError,
  });

  if (detail.isPending) {
    return (
      <LoadingStatus>{t('loading')}</LoadingStatus>
    );
  }
  if (detail.isError) {
    return (
      <Alert kind="error" action={<Link href="/admin/users">{t('back')}</Link>}>
        {errorMessage(detail.error)}
      </Alert>
    );
  }

  const { user, audit, mail } = detail.data;
  const own = me?.uid === user.uid;
  const name = user.displayName ?? user.email ?? user.uid;
  const staffRole = isStaffRole(user.role) ? user.role : 'none';
  const chosenRole = role ?? staffRole;
  const busy = setRoleMutation.isPending || disableMutation.isPending || signOutMutation.isPending;
  const dateTime = (date: Date) => format.dateTime(date, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <div className={styles.account} data-testid="user-account">
      <p>
        <Link href="/admin/users">← {t('back')}</Link>
      </p>
      <h2 className={styles['account__name']}>{name}</h2>

      <FeedbackAlert feedback={feedback} />

      <section className="panel" aria-labelledby={`${id}-details`}>
        <h3 id={`${id}-details`}>{t('details')}</h3>
        {mail.undeliverable && user.email ? (
          <Alert kind="error" standing data-testid="mail-undeliverable">
            {t('mailUndeliverable', { email: user.email, date: format.dateTime(mail.undeliverable.at, { dateStyle: 'long', timeZone: 'Europe/Berlin' }), reason: mail.undeliverable.reason })}
          </Alert>
        ) : null}
        <Facts>
          <dt>{t('email')}</dt>
          <dd>{user.email ?? '–'}</dd>
          <dt>{t('status')}</dt>
          <dd>
            <StatusBadge disabled={user.disabled} />
          </dd>
          <dt>{t('joined')}</dt>
          <dd>{dateTime(user.createdAt)}</dd>
          <dt>{t('lastSignIn')}</dt>
          <dd>{dateTime(user.lastSignInAt)}</dd>
          <dt>{t('language')}</dt>
          <dd>{user.locale ? t(`languages.${user.locale}`) : t('languageNone')}</dd>
          <dt>{t('mailAnnouncements')}</dt>
          <dd>{mail.announcements ? t('yes') : t('no')}</dd>
          {user.role === 'admin' ? (
            <>
              <dt>{t('mailDigest')}</dt>
              <dd>{mail.digest ? t('yes') : t('no')}</dd>
              <dt>{t('mailNightSummary')}</dt>
              <dd>{mail.nightSummary ? t('yes') : t('no')}</dd>
            </>
          ) : null}
        </Facts>
      </section>

      <section className="panel" aria-labelledby={`${id}-role`}>
        <h3 id={`${id}-role`}>{t('roleHeading')}</h3>
        <p>
          <RoleBadge role={user.role} />
        </p>
        {own ? (
          <p className="field__hint">{t('ownRoleNote')}</p>
        ) : (
          <form
            id={roleForm.id}
            className={styles['inline-form']}
            onSubmit={(event) => {
              event.preventDefault();
              clearFeedback();
              const input = roleForm.check(RoleChangeInput, { uid: user.uid, role: chosenRole === 'none' ? null : chosenRole });
              if (input) setRoleMutation.mutate(input);
            }}
          >
            <SelectField
              id={`${id}-role-select`}
              label={t('roleLabel')}
              value={chosenRole}
              hint={t('roleHelp')}
              options={(['none', ...STAFF_ROLES] as const).map((option) => ({ value: option, label: option === 'none' ? t('noStaffRole') : tRoles(option) }))}
              onChange={roleForm.changing('role', setRole)}
              error={roleForm.error('role')}
            />
            <button type="submit" className="button button--primary" disabled={busy || chosenRole === staffRole} aria-busy={setRoleMutation.isPending}>
              {setRoleMutation.isPending && <span className="spinner" aria-hidden="true" />}
              {t('saveRole')}
            </button>
          </form>
        )}
      </section>

      {sections({ uid: user.uid, name, refresh })}

      <section className="panel" aria-labelledby={`${id}-access`}>
        <h3 id={`${id}-access`}>{t('accessHeading')}</h3>
        {own && <p className="field__hint">{t('ownAccountNote')}</p>}
        <div className={styles['account__actions']}>
          {!own &&
            (user.disabled ? (
              <button type="button" className="button button--primary" disabled={busy} onClick={() => disableMutation.mutate({ uid: user.uid, disabled: false })}>
                {t('enable')}
              </button>
            ) : (
              <ConfirmButton
                disabled={busy}
                title={t('disableTitle', { name })}
                text={t('disableText')}
                confirmLabel={t('disable')}
                cancelLabel={t('cancel')}
                onConfirm={() => {
                  clearFeedback();
                  return disableMutation.mutateAsync({ uid: user.uid, disabled: true });
                }}
              >
                {t('disable')}
              </ConfirmButton>
            ))}
          <ConfirmButton
            disabled={busy}
            title={t('signOutTitle', { name })}
            text={t('signOutText')}
            confirmLabel={t('signOutEverywhere')}
            cancelLabel={t('cancel')}
            onConfirm={() => {
              clearFeedback();
              return signOutMutation.mutateAsync({ uid: user.uid });
            }}
          >
            {t('signOutEverywhere')}
          </ConfirmButton>
        </div>
      </section>

      <section className="panel" aria-labelledby={`${id}-audit`}>
        <h3 id={`${id}-audit`}>{t('auditHeading')}</h3>
        {audit.length === 0 ? (
          <p className="field__hint">{t('auditEmpty')}</p>
        ) : (
          <AuditTrail
            entries={audit.map((entry) => {
              const actor = entry.actorName ?? t('someone');
              const what =
                entry.action === 'role'
                  ? t('audit.role', { actor, from: tRoles(entry.fromRole ?? 'none'), to: tRoles(entry.toRole ?? 'none') })
                  : t(`audit.${entry.action}`, { actor });
              return { key: entry.id, at: entry.at, when: dateTime(entry.at), what };
            })}
          />
        )}
      </section>
    </div>
  );
}
