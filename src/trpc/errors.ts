'use client';
// What to tell a person when a tRPC call fails: the domain's own reason, a sign-in or role
// problem, the network, or a general failure, always as a localized message.
import { useTranslations } from 'next-intl';
import { TRPCClientError } from '@trpc/client';
import type { ErrorReason } from '@/i18n/types';

/** The domain's reason for refusing a call (`recentSignInRequired`), for a page that offers a way on. */
export function apiErrorReason(error: unknown): ErrorReason | null {
  return error instanceof TRPCClientError ? ((error.data as { reason?: ErrorReason | null } | undefined)?.reason ?? null) : null;
}

export function useApiErrorMessage(): (error: unknown) => string {
  const t = useTranslations('Errors');
  return (error: unknown) => {
    if (error instanceof TRPCClientError) {
      const data = error.data as { code?: string; reason?: string | null; reasonParams?: Record<string, string> | null } | undefined;
      const reason = `reasons.${data?.reason}` as 'reasons.userNotFound';
      if (data?.reason && t.has(reason)) return t(reason, data.reasonParams ?? {});
      if (data?.code === 'UNAUTHORIZED') return t('unauthorized');
      if (data?.code === 'FORBIDDEN') return t('forbidden');
      if (!data) return t('network');
    }
    return t('unexpected');
  };
}
