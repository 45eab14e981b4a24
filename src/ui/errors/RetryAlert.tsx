'use client';
// A read that failed: what went wrong in the page's language, and a way to try again.
import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { useApiErrorMessage } from '@/trpc/errors';

export function RetryAlert({ error, onRetry, children }: { error: unknown; onRetry: () => void; children?: ReactNode }) {
  const t = useTranslations('Errors');
  const errorMessage = useApiErrorMessage();
  return (
    <div className="alert alert--error" role="alert">
      <span className="alert__label" aria-hidden="true">!</span>
      <span>
        {errorMessage(error)}{' '}
        <button type="button" className="link-button" onClick={onRetry}>
          {t('tryAgain')}
        </button>
        {children}
      </span>
    </div>
  );
}
