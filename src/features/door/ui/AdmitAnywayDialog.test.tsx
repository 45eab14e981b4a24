// @vitest-environment jsdom
// "Admit anyway" at a full door sends once: two quick presses of its button admit one person, the
// button says it is admitting until the door answers, and the dialog stays open meanwhile.
import { act } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { expect, it, vi } from 'vitest';
import { mountedRoot } from '@/ui/testing/mounted-root';
import en from '@/i18n/messages/en.json';
import { VENUE_TIME_ZONE } from '@/i18n/routing';
import { AdmitAnywayDialog } from './AdmitAnywayDialog';

const mounted = mountedRoot();

/** Types into a React-controlled field as a person would. */
function type(field: HTMLTextAreaElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

it('admits once when its button is pressed twice fast, and says it is admitting until the door answers', async () => {
  let answer!: () => void;
  const onAdmit = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
  act(() =>
    mounted.root.render(
      <NextIntlClientProvider locale="en" messages={en} timeZone={VENUE_TIME_ZONE}>
        <AdmitAnywayDialog onAdmit={onAdmit} />
      </NextIntlClientProvider>,
    ),
  );
  act(() => mounted.container.querySelector<HTMLButtonElement>('[data-testid="admit-anyway"]')!.click());
  const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
  act(() => type(dialog.querySelector('textarea')!, 'Fire marshal said yes'));

  const send = dialog.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  act(() => {
    send.click();
    send.click();
  });
  expect(onAdmit).toHaveBeenCalledTimes(1);
  expect(onAdmit).toHaveBeenCalledWith('Fire marshal said yes');
  expect(send.disabled).toBe(true);
  expect(send.getAttribute('aria-busy')).toBe('true');
  expect(send.textContent).toBe(en.Scanner.anyway.admitting);

  act(() => {
    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  });
  expect(document.querySelector('[role="dialog"]')).not.toBeNull();

  await act(async () => answer());
  expect(send.disabled).toBe(false);
  expect(send.textContent).toBe(en.Scanner.anyway.confirm);
});
