// A refusal by domain code, in the product's words: `reason` names the localized message the
// client shows (Errors.reasons.<reason>, filled with `params`), `kind` how the API reports it, and
// `field`, when the refusal concerns one input, where a form shows it. Procedures map it to a
// tRPC error in one place (src/server/trpc/init.ts). A reason is typed by the message files, so a
// refusal without its words in both languages does not compile.
import type { ErrorReason } from '@/i18n/types';

export type DomainErrorKind = 'not-found' | 'conflict' | 'forbidden' | 'invalid' | 'rate-limited';

export interface DomainErrorOptions {
  /**
   * The input field the refusal concerns, as a dotted path into the input the domain function
   * reads (`slug`, `venue.name`): the domain knows which value it refused, a form would only guess.
   */
  field?: string;
  /** For the server's log; the client shows the localized reason instead. */
  message?: string;
}

export class DomainError extends Error {
  readonly field: string | null;

  constructor(
    readonly kind: DomainErrorKind,
    readonly reason: ErrorReason,
    /** Values the message names, such as the title of the event that holds an image. */
    readonly params: Readonly<Record<string, string>> = {},
    { field, message = reason }: DomainErrorOptions = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.field = field ?? null;
  }
}
