// The form path in a browser (jsdom): what a person sees when a form refuses what was typed, in
// both languages, and when the server refuses what was sent: at the field it concerns, described
// for assistive technology and focused, or above the buttons, and what was typed stays.
// @vitest-environment jsdom
import { useState, type FormEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import en from '@/i18n/messages/en.json';
import de from '@/i18n/messages/de.json';
import { TextField } from '@/ui/form/TextField';
import { formFields } from './fields';
import { numberOf } from './form-messages';
import { useForm } from './useForm';
import { refusal, render, type Rendered } from './test-render';

/** A procedure's input as the feature's inputs file would hold it: the page's own id, and two fields. */
const GuestInput = z.object({ eventId: z.string().min(3), name: formFields.requiredText().max(10), party: formFields.number().int().min(0).max(3) });
type GuestInput = z.input<typeof GuestInput>;

function GuestForm({ send, eventId = 'e-1' }: { send: (input: GuestInput) => Promise<void>; eventId?: string }) {
  const form = useForm({ fields: ['name', 'party'] });
  const [values, setValues] = useState({ name: '', party: '' });
  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = form.check(GuestInput, { eventId, name: values.name, party: numberOf(values.party) });
    if (!input) return;
    try {
      await send(input);
    } catch (error) {
      form.refuse(error);
    }
  }
  const change = (field: 'name' | 'party') => form.changing(field, (value: string) => setValues((current) => ({ ...current, [field]: value })));
  return (
    <form id={form.id} onSubmit={submit} noValidate>
      <TextField id="name" name="name" label="Name" value={values.name} onChange={change('name')} error={form.error('name')} />
      <TextField id="party" name="party" label="Party" value={values.party} onChange={change('party')} error={form.error('party')} />
      <output>{form.message}</output>
      <button type="submit">Add</button>
    </form>
  );
}

let shown: Rendered | null = null;
afterEach(() => {
  shown?.unmount();
  shown = null;
});

const errorOf = (id: string) => document.getElementById(`${id}-error`)?.textContent?.replace(/^⚠\s*/, '') ?? null;

describe('a form on the form path', () => {
  it('sends nothing while a field is wrong, says so at each field and focuses the first', async () => {
    const send = vi.fn(async () => {});
    shown = await render(<GuestForm send={send} />);
    await shown.type('Party', '7');
    await shown.press('Add');
    expect(send).not.toHaveBeenCalled();
    expect(errorOf('name')).toBe(en.Forms.required);
    expect(errorOf('party')).toBe('Use at most 3');
    expect(shown.field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(shown.field('Name').getAttribute('aria-describedby')).toBe('name-error');
    expect(document.activeElement).toBe(shown.field('Name'));
    expect(shown.field('Party').value).toBe('7');
  });

  it('says it in the page’s language', async () => {
    shown = await render(<GuestForm send={async () => {}} />, 'de');
    await shown.type('Party', 'zwei');
    await shown.press('Add');
    expect(errorOf('name')).toBe(de.Forms.required);
    expect(errorOf('party')).toBe(de.Forms.numeric);
  });

  it('takes a field’s message back as it changes, and sends what was typed once all is right', async () => {
    const send = vi.fn(async (_: GuestInput) => {});
    shown = await render(<GuestForm send={send} />);
    await shown.press('Add');
    await shown.type('Name', '  Kai ');
    expect(errorOf('name')).toBeNull();
    await shown.type('Party', '2');
    await shown.press('Add');
    // As typed: the procedure parses it on the server (trimming the name there).
    expect(send).toHaveBeenCalledWith({ eventId: 'e-1', name: '  Kai ', party: 2 });
    expect(shown.field('Name').hasAttribute('aria-invalid')).toBe(false);
  });

  it('shows a domain refusal at the field it names, in the reason’s words, and keeps what was typed', async () => {
    shown = await render(<GuestForm send={() => Promise.reject(refusal({ code: 'CONFLICT', reason: 'guestNotInvitable', reasonField: 'name' }))} />);
    await shown.type('Name', 'Kai');
    await shown.type('Party', '1');
    await shown.press('Add');
    expect(errorOf('name')).toBe(en.Errors.reasons.guestNotInvitable);
    expect(document.activeElement).toBe(shown.field('Name'));
    expect(shown.container.querySelector('output')?.textContent).toBe('');
    expect(shown.field('Name').value).toBe('Kai');
  });

  it('shows the server’s zod issues at their fields', async () => {
    shown = await render(
      <GuestForm send={() => Promise.reject(refusal({ code: 'BAD_REQUEST', reason: 'invalidRequest', zodIssues: [{ path: ['party'], code: 'too_big', origin: 'number', maximum: 3, message: 'Too big' }] }))} />,
    );
    await shown.type('Name', 'Kai');
    await shown.type('Party', '1');
    await shown.press('Add');
    expect(errorOf('party')).toBe('Use at most 3');
    expect(shown.container.querySelector('output')?.textContent).toBe('');
  });

  it('says above the buttons what concerns no field on the form', async () => {
    shown = await render(<GuestForm send={() => Promise.reject(refusal({ code: 'CONFLICT', reason: 'guestsPerEventUsed', reasonParams: { count: '2' } }))} />);
    await shown.type('Name', 'Kai');
    await shown.type('Party', '0');
    await shown.press('Add');
    expect(shown.container.querySelector('output')?.textContent).toBe('You have brought all 2 guests this event allows per member.');
    expect(errorOf('name')).toBeNull();
  });

  it('says above the buttons an issue of an input the form does not show', async () => {
    const send = vi.fn(async () => {});
    shown = await render(<GuestForm send={send} eventId="e" />);
    await shown.type('Name', 'Kai');
    await shown.type('Party', '0');
    await shown.press('Add');
    expect(send).not.toHaveBeenCalled();
    expect(shown.container.querySelector('output')?.textContent).toBe('Use at least 3 characters');
  });
});
