// auditLog/{id}: who changed what on an account (or removed what the account uploaded or wrote), and when. Written in the same transaction as
// the change itself, so there is no change without its entry.
import 'server-only';
import { z } from 'zod';
import { ROLES } from '@/access/roles';
import { defineCollection } from '@/server/documents/port';

export const AUDIT_ACTIONS = [
  'role',
  'disabled',
  'enabled',
  'signedOutEverywhere',
  'imageRemoved',
  'membershipRequested',
  'membershipWithdrawn',
  'membershipApproved',
  'membershipExtended',
  'membershipCancelled',
  'membershipExpired',
  'accountDeleted',
  'passRenewed',
  'banned',
  'banChanged',
  'banLifted',
  /** A schedule of a notification the target wrote, cancelled (it is a draft again). */
  'notificationCancelled',
  /** A draft notification the target wrote, deleted. */
  'notificationDeleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEntry = z.object({
  targetUid: z.string(),
  actorUid: z.string(),
  actorName: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  /** For role changes: the role before and after (null: no role). */
  fromRole: z.enum(ROLES).nullable(),
  toRole: z.enum(ROLES).nullable(),
  /** For a removed library image: which one (its uploader is the target). */
  imageId: z.string().nullable().default(null),
  /** For membership changes: which membership. */
  membershipId: z.string().nullable().default(null),
  at: z.date(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditLog = defineCollection('auditLog', AuditEntry);
