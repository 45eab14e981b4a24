// How the browser reads the notifications' live feeds (../live-feeds.ts), for useLiveFeed().
import type { InboxPage } from '../inbox';
import type { NotificationForEditor } from '../notifications';
import type { DeliveryFigures } from '../delivery';
import type { MailFigures } from '@/features/mail/retention';
import type { ClientFeed } from '@/features/live/client/client-feed';

/** The signed-in person's inbox: newest entries and the unread count (the header's badge). */
export const inboxFeed: ClientFeed<void, InboxPage> = { procedure: 'inbox.live' };

/** A notification and its delivery figures (the admin's detail page); `mail` null when it went by no e-mail. */
export const notificationFeed: ClientFeed<{ id: string }, { notification: NotificationForEditor; figures: DeliveryFigures; mail: MailFigures | null }> = { procedure: 'notifications.live' };
