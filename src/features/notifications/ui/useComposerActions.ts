'use client';
// The composer's six actions with their mutations: each checks and saves what is on screen first,
// then does its part; one runs at a time. A success is said in the composer's words; a problem
// goes through the form path: at the field it concerns (a title missing, the time to schedule at),
// or above the buttons when it concerns none.
import { useRef, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { LOCALES } from '@/i18n/routing';
import { trpc } from '@/trpc/client';
import { useForm } from '@/forms/useForm';
import { wallTimeToDate } from '@/features/events/venue-time';
import { NotificationInput, ScheduleInput } from '../notifications.inputs';
import { notificationOf, type Draft } from './composer-draft';

export type ComposerAction = 'save' | 'test' | 'send' | 'schedule' | 'cancel' | 'delete';

/** What the composer shows at its fields, by the paths of the notification (and `at` of scheduling). */
const FIELDS = [...LOCALES.flatMap((language) => [`title.${language}`, `body.${language}`]), 'link', 'audience.weeks', 'audience.uids', 'at'];

/** The time to schedule at, checked before anything is saved: the draft has no id to schedule yet. */
const ScheduleTime = ScheduleInput.pick({ at: true });

/** `id` is the saved notification's, null for a new one; `draft` and `scheduleAt` are as typed. */
export function useComposerActions(id: string | null, draft: Draft, scheduleAt: string) {
  const t = useTranslations('AdminNotifications');
  const router = useRouter();
  const utils = trpc.useUtils();
  // A save sends the notification as `notification` inside its input.
  const form = useForm({ fields: FIELDS, within: 'notification' });
  const [notice, setNotice] = useState<string | null>(null);
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

  /** Checks and saves what is on screen; the id (a new draft gets one, and the URL names it), or null when a field is wrong. */
  async function persist(): Promise<string | null> {
    const notification = form.check(NotificationInput, notificationOf(draft));
    if (!notification) return null;
    const saved = await save.mutateAsync({ id: draftId.current, notification });
    draftId.current = saved.id;
    await utils.notifications.invalidate();
    return saved.id;
  }

  /** Runs an action; its success text is said, and any refusal goes to its field or above the buttons. */
  async function run(kind: ComposerAction, work: () => Promise<string | null>) {
    setBusy(kind);
    setNotice(null);
    form.clear();
    try {
      const text = await work();
      if (text) setNotice(text);
    } catch (error) {
      form.refuse(error);
    } finally {
      setBusy(null);
    }
  }

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    void run('save', async () => {
      const savedId = await persist();
      if (savedId === null) return null;
      if (id === null) router.replace(`/admin/notifications?edit=${savedId}`);
      return t('saved');
    });
  };
  const onTest = () =>
    run('test', async () => {
      const savedId = await persist();
      if (savedId === null) return null;
      const result = await test.mutateAsync({ id: savedId });
      if (id === null) router.replace(`/admin/notifications?edit=${savedId}`);
      return t('testSent', { devices: result.pushSent });
    });
  const onSendNow = () =>
    run('send', async () => {
      setConfirmSend(false);
      const savedId = await persist();
      if (savedId === null) return null;
      await sendNow.mutateAsync({ id: savedId });
      await utils.notifications.invalidate();
      router.push(`/admin/notifications/${savedId}`);
      return null;
    });
  const onSchedule = () =>
    run('schedule', async () => {
      // No time, no save: the time is what is missing, said at its field.
      const when = form.check(ScheduleTime, { at: scheduleAt });
      if (!when) return null;
      const savedId = await persist();
      if (savedId === null) return null;
      await schedule.mutateAsync({ id: savedId, at: when.at });
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

  return {
    busy,
    /** The last action's success, in the composer's words. */
    notice,
    /** A refusal that concerns no field of the form, said above the buttons. */
    error: form.message,
    /** A field's message, by its path (`title.en`, `audience.weeks`, `at`). */
    fieldError: form.error,
    formId: form.id,
    confirmSend,
    setConfirmSend,
    onSave,
    onTest,
    onSendNow,
    onScheduleOrConfirm,
    onCancel,
    onDelete,
  };
}

export type ComposerActions = ReturnType<typeof useComposerActions>;
