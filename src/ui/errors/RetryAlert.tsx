'use client';
// A read that failed: what went wrong in the page's language, and a way to try again.
import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { useApiErrorMessage } from '@/trpc/errors';
import { Alert } from '@/ui/feedback/Alert';

export function RetryAlert({ error, onRetry, children }: { error: unknown; onRetry: () => void; children?: ReactNode }) {
  const t = useTranslations('Errors');
  const errorMessage = useApiErrorMessage();
  return (
    <Alert
      kind="error"
      action={
        <>
          <button type="button" className="link-button" onClick={onRetry}>
            {t('tryAgain')}
          </button>
          {children}
        </>
      }
    >
      {errorMessage(error)}
    </Alert>
  );
}
