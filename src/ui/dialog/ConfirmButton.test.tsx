// @vitest-environment jsdom
// A confirmed action runs once: two quick presses start one mutation, the button says it is busy
// until the action ends, and the dialog cannot be closed meanwhile; then it closes.
import { act, type ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it, vi } from 'vitest';
import { mountedRoot } from '@/ui/testing/mounted-root';
import en from '@/i18n/messages/en.json';
import { VENUE_TIME_ZONE } from '@/i18n/routing';
import { ConfirmButton } from './ConfirmButton';
import { ConfirmDialog } from './ConfirmDialog';

const mounted = mountedRoot();

function render(node: ReactNode) {
  act(() =>
    mounted.root.render(
      <NextIntlClientProvider locale="en" messages={en} timeZone={VENUE_TIME_ZONE}>
        {node}
      </NextIntlClientProvider>,
    ),
  );
}

const TEXTS = { title: 'Remove the photo?', text: 'It is gone for good.', confirmLabel: 'Remove', cancelLabel: 'Keep it', busyLabel: 'Removing…' };

/** A mutation that ends when the test says so. */
function pendingMutation() {
  let settle!: (ok: boolean) => void;
  const mutate = vi.fn(() => new Promise<void>((resolve, reject) => (settle = (ok) => (ok ? resolve() : reject(new Error('refused'))))));
  return { mutate, settle: (ok: boolean) => act(async () => settle(ok)) };
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const button = (name: string) => [...(dialog()?.querySelectorAll('button') ?? [])].find((candidate) => candidate.textContent?.includes(name)) as HTMLButtonElement | undefined;

describe('ConfirmButton', () => {
  it('starts one mutation when confirm is pressed twice fast, and says it is busy until it ends', async () => {
    const { mutate, settle } = pendingMutation();
    render(<ConfirmButton {...TEXTS} onConfirm={mutate}>Remove photo</ConfirmButton>);
    act(() => mounted.container.querySelector('button')!.click());
    expect(dialog()).not.toBeNull();

    const confirm = button('Remove')!;
    act(() => {
      confirm.click();
      confirm.click();
    });
    act(() => confirm.click());
    expect(mutate).toHaveBeenCalledTimes(1);

    expect(confirm.disabled).toBe(true);
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    expect(confirm.textContent).toBe('Removing…');
    expect(confirm.querySelector('.spinner')?.getAttribute('aria-hidden')).toBe('true');
    expect(button('Keep it')!.disabled).toBe(true);

    // Escape while it runs leaves the dialog, and the outcome to come, where they are.
    act(() => {
      dialog()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(dialog()).not.toBeNull();

    await settle(true);
    expect(dialog()).toBeNull();
    expect(mutate).toHaveBeenCalledTimes(1);
  });

  it('closes after a refusal too, which the caller shows, and may be confirmed again when reopened', async () => {
    const { mutate, settle } = pendingMutation();
    render(<ConfirmButton {...TEXTS} onConfirm={mutate}>Remove photo</ConfirmButton>);
    act(() => mounted.container.querySelector('button')!.click());
    act(() => button('Remove')!.click());
    await settle(false);
    expect(dialog()).toBeNull();

    act(() => mounted.container.querySelector('button')!.click());
    expect(button('Remove')!.disabled).toBe(false);
    act(() => button('Remove')!.click());
    expect(mutate).toHaveBeenCalledTimes(2);
    await settle(true);
  });
});

describe('ConfirmDialog', () => {
  it('confirms once per opening when its action answers at once and the caller closes it', () => {
    const answer = vi.fn();
    render(<ConfirmDialog {...TEXTS} open onOpenChange={() => undefined} onConfirm={answer} />);
    const confirm = button('Remove')!;
    act(() => {
      confirm.click();
      confirm.click();
    });
    expect(answer).toHaveBeenCalledTimes(1);
  });
});
