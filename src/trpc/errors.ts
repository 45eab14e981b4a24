'use client';
// What to tell a person when a tRPC call fails: the domain's own reason, a sign-in or role
// problem, the network, or a general failure, always as a localized message. The one reader of
// what the server's error formatter (src/server/trpc/init.ts) sends: forms take the field a
// refusal names and the zod issues from here, not by reading `error.data` themselves.
import { useTranslations } from 'next-intl';
import { TRPCClientError } from '@trpc/client';
import type { WireIssue } from '@/forms/form-messages';
import type { ErrorReason } from '@/i18n/types';

/** What a refusal carries besides its message (null fields: not sent for this refusal). */
export interface ApiErrorData {
  code?: string;
  reason?: ErrorReason | null;
  reasonParams?: Record<string, string> | null;
  /** The input field a domain refusal concerns, a dotted path into the procedure's input. */
  reasonField?: string | null;
  zodIssues?: WireIssue[] | null;
}

/** The data of a refusal from the server; null for anything else (the network, a thrown Error). */
export function apiErrorData(error: unknown): ApiErrorData | null {
  return error instanceof TRPCClientError ? ((error.data as ApiErrorData | undefined) ?? null) : null;
}

/** The domain's reason for refusing a call (`recentSignInRequired`), for a page that offers a way on. */
export function apiErrorReason(error: unknown): ErrorReason | null {
  return apiErrorData(error)?.reason ?? null;
}

/** The input field a domain refusal names (`until`, `venue.name`), for a form to show it there. */
export function apiErrorField(error: unknown): string | null {
  return apiErrorData(error)?.reasonField ?? null;
}

/** The zod issues of an input the server refused, each with its path, for a form's fields. */
export function apiErrorIssues(error: unknown): WireIssue[] {
  return apiErrorData(error)?.zodIssues ?? [];
}

export function useApiErrorMessage(): (error: unknown) => string {
  const t = useTranslations('Errors');
  return (error: unknown) => {
    if (error instanceof TRPCClientError) {
      const data = apiErrorData(error);
      const reason = `reasons.${data?.reason}` as 'reasons.userNotFound';
      if (data?.reason && t.has(reason)) return t(reason, data.reasonParams ?? {});
      if (data?.code === 'UNAUTHORIZED') return t('unauthorized');
      if (data?.code === 'FORBIDDEN') return t('forbidden');
      if (!data) return t('network');
    }
    return t('unexpected');
  };
}
