// A refusal by domain code, in the product's words: `reason` names the localized message the
// client shows (Errors.reasons.<reason>, filled with `params`), `kind` how the API reports it. Procedures map it to a
// tRPC error in one place (src/server/trpc/init.ts).
export type DomainErrorKind = 'not-found' | 'conflict' | 'forbidden' | 'invalid' | 'rate-limited';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly reason: string,
    /** Values the message names, such as the title of the event that holds an image. */
    readonly params: Readonly<Record<string, string>> = {},
    message: string = reason,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
