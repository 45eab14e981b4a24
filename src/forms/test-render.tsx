// For the forms' browser tests (jsdom): a component rendered with the page's messages in one
// language, typed into and submitted as a person would, and the server's refusals as the tRPC
// client hands them to a form.
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { NextIntlClientProvider } from 'next-intl';
import { TRPCClientError } from '@trpc/client';
import en from '@/i18n/messages/en.json';
import de from '@/i18n/messages/de.json';
import type { ApiErrorData } from '@/trpc/errors';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered {
  container: HTMLElement;
  /** The control a label names, as a person finds it. */
  field: (label: string) => HTMLInputElement | HTMLTextAreaElement;
  /** Types into a control the way React hears it. */
  type: (label: string, text: string) => Promise<void>;
  /** Presses the button its text names. */
  press: (name: string) => Promise<void>;
  unmount: () => void;
}

export async function render(element: ReactNode, locale: 'en' | 'de' = 'en'): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.append(container);
  let root: Root;
  await act(async () => {
    root = createRoot(container);
    root.render(
      <NextIntlClientProvider locale={locale} messages={locale === 'de' ? de : en} timeZone="Europe/Berlin">
        {element}
      </NextIntlClientProvider>,
    );
  });
  const field = (label: string) => {
    const found = [...document.querySelectorAll('label')].find((candidate) => candidate.textContent?.trim() === label);
    const control = found?.htmlFor ? document.getElementById(found.htmlFor) : null;
    if (!control) throw new Error(`no field labelled ${label}`);
    return control as HTMLInputElement | HTMLTextAreaElement;
  };
  return {
    container,
    field,
    type: async (label, text) => {
      const control = field(label);
      const prototype = control instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
      await act(async () => {
        Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(control, text);
        control.dispatchEvent(new Event('input', { bubbles: true }));
      });
    },
    press: async (name) => {
      const button = [...document.querySelectorAll('button')].find((candidate) => candidate.textContent?.trim() === name);
      if (!button) throw new Error(`no button ${name}`);
      await act(async () => {
        button.click();
      });
    },
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** A refusal as the tRPC client throws it, with what the server's error formatter sent. */
export function refusal(data: ApiErrorData & { code: string }): TRPCClientError<never> {
  return new TRPCClientError('refused', { result: { error: { data } } } as never);
}
