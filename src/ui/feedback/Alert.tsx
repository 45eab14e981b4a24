// The one way the app tells a person how something stands: an error, a warning, a success or a
// note, from a server page or a client component alike. The kind shows by a sign and by a word as
// well as by colour (WCAG 1.4.1): the sign is for the eye and hidden from screen readers, which
// read the kind's word before the text instead. Errors and warnings interrupt (role alert), a
// success or a note waits its turn (role status), and a notice that is part of the page as it was
// rendered (a cancelled event) is a note that announces nothing. The classes are the global
// layer's (styles/global/feedback.css), which the screens that place an alert adjust by name.
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useTranslations } from 'next-intl';

export type AlertKind = 'error' | 'warning' | 'success' | 'info';

/** The outcome of something a person did, to show them: how it went, in words. */
export type Feedback = { kind: AlertKind; text: string };

const SIGNS = { error: '✕', warning: '!', success: '✓', info: 'i' } as const satisfies Record<AlertKind, string>;

/** Whether a kind interrupts what a screen reader is saying (an error, a warning) or waits. */
export function isAssertive(kind: AlertKind): boolean {
  return kind === 'error' || kind === 'warning';
}

function alertClass(kind: AlertKind, className: string | undefined): string {
  return className ? `alert alert--${kind} ${className}` : `alert alert--${kind}`;
}

type AlertProps = Omit<ComponentPropsWithRef<'div'>, 'role' | 'children'> & {
  kind: AlertKind;
  children: ReactNode;
  /** A way on after the words: try again, back to the list. */
  action?: ReactNode;
  /** Part of the page as rendered, not news (a cancelled event, a refused address): a note, not announced. */
  standing?: boolean;
  /** An error or warning that follows live figures (the capacity): said when the reader is free, never over the door's verdict. */
  polite?: boolean;
};

/**
 * An alert shown together with its words. An error or a warning is announced as it appears; a
 * success or a note that follows an action belongs in `FeedbackAlert`, whose live region is in the
 * page before the words arrive.
 */
export function Alert({ kind, children, action, standing = false, polite = false, className, ...element }: AlertProps) {
  return (
    <div {...element} className={alertClass(kind, className)} role={standing ? 'note' : isAssertive(kind) && !polite ? 'alert' : 'status'}>
      <AlertContent kind={kind} action={action}>
        {children}
      </AlertContent>
    </div>
  );
}

function AlertContent({ kind, action, children }: { kind: AlertKind; action?: ReactNode; children: ReactNode }) {
  const t = useTranslations('Feedback');
  return (
    <>
      <span className="alert__label" aria-hidden="true">
        {SIGNS[kind]}
      </span>
      <div className="alert__body">
        <span className="visually-hidden">{t(kind)} </span>
        {children}
        {action ? <> {action}</> : null}
      </div>
    </>
  );
}

type FeedbackAlertProps = Pick<ComponentPropsWithRef<'div'>, 'id' | 'ref' | 'tabIndex' | 'className'> & {
  /** Nothing to say yet, or no longer. */
  feedback: Feedback | null;
};

/**
 * Where the outcome of an action appears. A screen reader announces a change to a live region it
 * already knows, not reliably one that arrives with its words: the polite region is in the page,
 * empty and out of the layout, before a success or a note is put in it. An error or a warning is
 * an alert, which is announced as it appears. `id`, `ref` and `tabIndex` go to the element that
 * shows the words (to move focus to them).
 */
export function FeedbackAlert({ feedback, className, ...element }: FeedbackAlertProps) {
  const assertive = feedback !== null && isAssertive(feedback.kind);
  return (
    <>
      {feedback && assertive ? (
        <Alert {...element} kind={feedback.kind} className={className}>
          {feedback.text}
        </Alert>
      ) : null}
      <div {...(assertive ? {} : element)} role="status" className={feedback && !assertive ? alertClass(feedback.kind, className) : 'visually-hidden'}>
        {feedback && !assertive ? <AlertContent kind={feedback.kind}>{feedback.text}</AlertContent> : null}
      </div>
    </>
  );
}
