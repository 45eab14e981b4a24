// The composer on the form path, in a browser (jsdom), its API answered here: scheduling without a
// time says exactly that at the time's field and nothing else (no save, no message above the
// buttons); a refusal of the server that names a field is said at that field.
// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/i18n/messages/en.json';
import de from '@/i18n/messages/de.json';
import { refusal, render, type Rendered } from '@/forms/test-render';

const api = vi.hoisted(() => ({
  save: vi.fn(),
  schedule: vi.fn(),
  other: vi.fn(),
  push: vi.fn(),
}));

vi.mock('@/i18n/navigation', () => ({ useRouter: () => ({ push: api.push, replace: api.push }) }));
vi.mock('@/trpc/client', () => {
  const mutation = (call: (input: unknown) => Promise<unknown>) => ({ useMutation: () => ({ mutateAsync: call, isPending: false }) });
  return {
    trpc: {
      useUtils: () => ({ notifications: { invalidate: async () => {} } }),
      notifications: {
        get: { useQuery: () => ({ isPending: false, isError: false, data: undefined }) },
        save: mutation((input) => api.save(input)),
        schedule: mutation((input) => api.schedule(input)),
        sendTest: mutation((input) => api.other(input)),
        sendNow: mutation((input) => api.other(input)),
        cancel: mutation((input) => api.other(input)),
        delete: mutation((input) => api.other(input)),
      },
      events: { list: { useQuery: () => ({ isPending: false, data: { events: [] } }) } },
      users: { list: { useQuery: () => ({ isFetching: false, data: undefined }) } },
    },
  };
});

const { NotificationComposer } = await import('./NotificationComposer');

let shown: Rendered | null = null;
beforeEach(() => {
  for (const mock of Object.values(api)) mock.mockReset();
  api.save.mockResolvedValue({ id: 'n-1' });
});
afterEach(() => {
  shown?.unmount();
  shown = null;
});

/** The message at a field, by the control's name (the input's path). */
function errorAt(name: string): string | null {
  const control = document.querySelector<HTMLElement>(`[name="${name}"]`)!;
  return document.getElementById(`${control.id}-error`)?.textContent?.replace(/^⚠\s*/, '') ?? null;
}

const banner = () => document.querySelector('.alert--error, [role="alert"]');

describe('the notification composer', () => {
  it.each([
    ['en', en],
    ['de', de],
  ] as const)('scheduled without a time, says at the time’s field that it needs one, and nothing else (%s)', async (locale, messages) => {
    shown = await render(<NotificationComposer id={null} />, locale);
    await shown.type(messages.AdminNotifications.titleLabel, 'Doors at eight');
    await shown.press(messages.AdminNotifications.schedule);
    expect(errorAt('at')).toBe(messages.Forms.timeRequired);
    expect(document.querySelector('[name="at"]')?.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(document.querySelector('[name="at"]'));
    expect(banner()).toBeNull();
    expect(api.save).not.toHaveBeenCalled();
    expect(api.schedule).not.toHaveBeenCalled();
    // What was typed stays.
    expect(shown.field(messages.AdminNotifications.titleLabel).value).toBe('Doors at eight');
  });

  it('says a refusal of the server at the field it names', async () => {
    api.schedule.mockRejectedValue(refusal({ code: 'BAD_REQUEST', reason: 'notificationTitleMissing', reasonField: 'title.de' }));
    shown = await render(<NotificationComposer id={null} />);
    await shown.type(en.AdminNotifications.titleLabel, 'Doors at eight');
    await shown.type(en.AdminNotifications.scheduleLabel, '2099-11-27T20:00');
    await shown.press(en.AdminNotifications.schedule);
    expect(api.schedule).toHaveBeenCalledWith({ id: 'n-1', at: '2099-11-27T20:00' });
    expect(errorAt('title.de')).toBe(en.Errors.reasons.notificationTitleMissing);
    expect(errorAt('at')).toBeNull();
    expect(banner()).toBeNull();
    expect(api.push).not.toHaveBeenCalledWith('/admin/notifications?filter=scheduled');
  });

  it('says above the buttons a refusal that names no field', async () => {
    api.schedule.mockRejectedValue(refusal({ code: 'CONFLICT', reason: 'notificationNotEditable' }));
    shown = await render(<NotificationComposer id={null} />);
    await shown.type(en.AdminNotifications.scheduleLabel, '2099-11-27T20:00');
    await shown.press(en.AdminNotifications.schedule);
    expect(banner()?.textContent).toContain(en.Errors.reasons.notificationNotEditable);
    expect(errorAt('at')).toBeNull();
  });
});
