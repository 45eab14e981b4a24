'use client';
// The state of "how did it go" on a screen whose actions report their outcome in one place
// (`FeedbackAlert`): a success in the screen's words, a refusal or failure in the API's.
import { useState } from 'react';
import { useApiErrorMessage } from '@/trpc/errors';
import type { Feedback } from './Alert';

export function useFeedback() {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const errorMessage = useApiErrorMessage();
  return {
    feedback,
    setFeedback,
    succeeded: (text: string) => setFeedback({ kind: 'success', text }),
    /** A failed call, told in the page's language: the domain's reason, sign-in, network or general. */
    failed: (error: unknown) => setFeedback({ kind: 'error', text: errorMessage(error) }),
    clear: () => setFeedback(null),
  };
}
