// What the notification procedures accept: a message and its audience, a time to send it, the
// admins' list options, an inbox entry to mark read, a device to register or forget. Parsed once
// by the procedure; the domain functions take the parsed types. The audience and the push target
// are stored as sent, so the documents' schemas use them too. Plain zod, no server code: the
// composer parses with the same schemas before it saves or schedules.
import { z } from 'zod';
import { formFields } from '@/forms/fields';
import { DocumentId } from '@/server/documents/document-id';
import { LOCALES } from '@/i18n/routing';
import { ROLES } from '@/access/roles';
import { BODY_LIMIT, EMAIL_CHANNELS, LAPSED_WEEKS_MAX, LAPSED_WEEKS_MIN, NOTIFICATION_FILTER_VALUES, PEOPLE_LIMIT, TITLE_LIMIT } from './constants';

export const Audience = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('everyone') }),
  z.object({ kind: z.literal('members') }),
  /** Active members not admitted at the door in the last `weeks` weeks (their membership older than that). */
  z.object({ kind: z.literal('lapsed'), weeks: formFields.number().int().min(LAPSED_WEEKS_MIN).max(LAPSED_WEEKS_MAX) }),
  z.object({ kind: z.literal('role'), role: z.enum(ROLES) }),
  z.object({ kind: z.literal('people'), uids: z.array(DocumentId).min(1).max(PEOPLE_LIMIT) }),
]);
export type Audience = z.infer<typeof Audience>;

const Text = (max: number) => z.string().trim().max(max);

export const NotificationInput = z.object({
  title: z.object({ en: Text(TITLE_LIMIT), de: Text(TITLE_LIMIT) }),
  body: z.object({ en: Text(BODY_LIMIT), de: Text(BODY_LIMIT) }),
  /** A page of this site, checked against the route table when saved; empty: no link. */
  link: z.string().trim().max(300).default(''),
  audience: Audience,
  /** Also by e-mail, to those of the audience who asked for announcements; absent: not by e-mail. */
  email: z.enum(EMAIL_CHANNELS).optional(),
});
export type NotificationInput = z.infer<typeof NotificationInput>;

export const SaveInput = z.object({ id: DocumentId.nullable(), notification: NotificationInput });
export type SaveInput = z.infer<typeof SaveInput>;
export const ScheduleInput = z.object({
  id: DocumentId,
  /** Wall-clock time at the venue (Europe/Berlin), `YYYY-MM-DDTHH:mm`; none: "Choose a date and time". */
  at: z.string().min(1, 'timeRequired').regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'format'),
});
export type ScheduleInput = z.infer<typeof ScheduleInput>;
/** A notification, or an inbox entry of the caller. */
export const IdInput = z.object({ id: DocumentId });
export type IdInput = z.infer<typeof IdInput>;

export const NotificationListInput = z.object({ filter: z.enum(NOTIFICATION_FILTER_VALUES).default('all'), cursor: DocumentId.nullish() });
export type NotificationListInput = z.infer<typeof NotificationListInput>;

/** Where a device receives pushes: a Web Push subscription or an FCM token. */
export const DeviceTarget = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('webpush'),
    // Push services' endpoints are https URLs of a few hundred characters.
    endpoint: z.url({ protocol: /^https$/ }).max(1000),
    keys: z.object({ p256dh: z.string().regex(/^[A-Za-z0-9_-]{20,200}={0,2}$/), auth: z.string().regex(/^[A-Za-z0-9_-]{8,100}={0,2}$/) }),
  }),
  z.object({ kind: z.literal('fcm'), token: z.string().regex(/^[A-Za-z0-9_:.-]{20,4096}$/) }),
]);

export const RegisterInput = z.object({ target: DeviceTarget, lang: z.enum(LOCALES) });
export type RegisterInput = z.infer<typeof RegisterInput>;
export const UnregisterInput = z.object({ address: z.string().min(1).max(4096) });
export type UnregisterInput = z.infer<typeof UnregisterInput>;
