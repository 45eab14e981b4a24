'use client';
// The composer's six actions with their mutations: each saves what is on screen first, then does
// its part; one runs at a time, and its outcome (or the field a refusal names) is kept for the form.
import { useRef, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { trpc } from '@/trpc/client';
import { useApiErrorMessage } from '@/trpc/errors';
import { wallTimeToDate } from '@/features/events/venue-time';
import type { Feedback } from '@/ui/feedback/Alert';
import { LAPSED_WEEKS_MAX, LAPSED_WEEKS_MIN } from '../constants';
import { notificationOf, weeksOf, type Draft } from './composer-draft';

export type ComposerAction = 'save' | 'test' | 'send' | 'schedule' | 'cancel' | 'delete';

/** An action's outcome, and for a refusal the field it names. */
export type ComposerMessage = Feedback & { field?: string | null };

function reasonField(error: unknown): string | null {
  const data = (error as { data?: { reasonField?: string | null } }).data;
  return data?.reasonField ?? null;
}

/** A refusal the form makes itself, before anything is sent: its field and its words. */
function refusal(field: string, text: string): Error {
  return Object.assign(new Error(text), { data: { reasonField: field }, text });
}

/** `id` is the saved notification's, null for a new one; `draft` and `scheduleAt` are as typed. */
export function useComposerActions(id: string | null, draft: Draft, scheduleAt: string) {
  const t = useTranslations('AdminNotifications');
  const router = useRouter();
  const errorMessage = useApiErrorMessage();
  const utils = trpc.useUtils();
  const [message, setMessage] = useState<ComposerMessage | null>(null);
  const [confirmSend, setConfirmSend] = useState(false);
  const [busy, setBusy] = useState<ComposerAction | null>(null);

  const save = trpc.notifications.save.useMutation();
  const test = trpc.notifications.sendTest.useMutation();
  const sendNow = trpc.notifications.sendNow.useMutation();
  const schedule = trpc.notifications.schedule.useMutation();
  const cancel = trpc.notifications.cancel.useMutation();
  const remove = trpc.notifications.delete.useMutation();

  // A new draft keeps the id its first save gave it, even when what followed the save failed (a
  // send refused for a missing title): trying again updates that draft instead of adding another.
  const draftId = useRef(id);

  /** Saves what is on screen; returns the id (a new draft gets one, and the URL names it). */
  async function persist(): Promise<string> {
    if (draft.audience === 'lapsed' && weeksOf(draft.weeks) === null) throw refusal('audience.weeks', t('weeksInvalid', { min: LAPSED_WEEKS_MIN, max: LAPSED_WEEKS_MAX }));
    const saved = await save.mutateAsync({ id: draftId.current, notification: notificationOf(draft) });
    draftId.current = saved.id;
    await utils.notifications.invalidate();
    return saved.id;
  }

  async function run(kind: ComposerAction, work: () => Promise<string | null>) {
    setBusy(kind);
    setMessage(null);
    try {
      const text = await work();
      if (text) setMessage({ kind: 'success', text });
    } catch (error) {
      setMessage({ kind: 'error', text: (error as { text?: string }).text ?? errorMessage(error), field: reasonField(error) });
    } finally {
      setBusy(null);
    }
  }

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    void run('save', async () => {
      const savedId = await persist();
      if (id === null) router.replace(`/admin/notifications?edit=${savedId}`);
      return t('saved');
    });
  };
  const onTest = () =>
    run('test', async () => {
      const savedId = await persist();
      const result = await test.mutateAsync({ id: savedId });
      if (id === null) router.replace(`/admin/notifications?edit=${savedId}`);
      return t('testSent', { devices: result.pushSent });
    });
  const onSendNow = () =>
    run('send', async () => {
      setConfirmSend(false);
      const savedId = await persist();
      await sendNow.mutateAsync({ id: savedId });
      await utils.notifications.invalidate();
      router.push(`/admin/notifications/${savedId}`);
      return null;
    });
  const onSchedule = () =>
    run('schedule', async () => {
      if (!scheduleAt) throw refusal('at', t('scheduleMissing'));
      const savedId = await persist();
      await schedule.mutateAsync({ id: savedId, at: scheduleAt });
      await utils.notifications.invalidate();
      router.push('/admin/notifications?filter=scheduled');
      return null;
    });
  // A time already past sends at once, so it is asked like "Send now" (a mistyped year would
  // otherwise reach the whole audience without a question).
  const onScheduleOrConfirm = () => {
    const at = wallTimeToDate(scheduleAt);
    if (at && at.getTime() <= Date.now()) setConfirmSend(true);
    else void onSchedule();
  };
  const onCancel = () =>
    run('cancel', async () => {
      await cancel.mutateAsync({ id: id! });
      await utils.notifications.invalidate();
      return t('unscheduled');
    });
  const onDelete = () =>
    run('delete', async () => {
      await remove.mutateAsync({ id: id! });
      await utils.notifications.invalidate();
      router.push('/admin/notifications');
      return null;
    });

  /** The refusal's text when it names `field`, to show at that field. */
  const fieldError = (field: string) => (message?.kind === 'error' && message.field === field ? message.text : null);

  return { busy, message, fieldError, confirmSend, setConfirmSend, onSave, onTest, onSendNow, onScheduleOrConfirm, onCancel, onDelete };
}

export type ComposerActions = ReturnType<typeof useComposerActions>;
