// What the mail endpoints accept: the one-click unsubscribe link of an announcement (the person's
// uid and the token their document keeps), read from the URL a mail carried. Parsed once by the
// route; the domain function takes the parsed type.
import 'server-only';
import { z } from 'zod';
import { DocumentId } from '@/server/documents/document-id';

/** A token as newUnsubscribeToken() makes it (18 random bytes, base64url), with room for a longer one. */
export const UNSUBSCRIBE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export const UnsubscribeLink = z.object({ u: DocumentId, t: z.string().regex(UNSUBSCRIBE_TOKEN_PATTERN) });
export type UnsubscribeLink = z.infer<typeof UnsubscribeLink>;
