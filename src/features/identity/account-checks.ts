// What the start-up reconciliation of accounts (src/app/_server/reconcile.ts, decision 029) found,
// for a person to act on; a deleted account's cases go with it.
import 'server-only';
import { z } from 'zod';
import { defineCollection } from '@/server/documents/port';

export const ACCOUNT_CHECK_KINDS = ['documentWithoutAccount', 'accountWithoutDocument', 'demoAccountDeleted'] as const;
export type AccountCheckKind = (typeof ACCOUNT_CHECK_KINDS)[number];

/** One case found at a start, by `{kind}:{uid}`. */
export const AccountChecks = defineCollection('accountChecks', z.object({ kind: z.enum(ACCOUNT_CHECK_KINDS), uid: z.string(), noticedAt: z.date() }));
