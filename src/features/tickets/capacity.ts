// An event's capacity as its tickets use it: the people on its valid tickets (a guest-list entry
// counts its party), counted in the transaction that adds more. Every such transaction also
// rewrites ticketTallies/{eventId}, so on Firestore two at once for the same event touch the same
// document and one is run again, and then counts the other's ticket: a query alone would lock only
// the tickets it found, not the one being added beside it. The tally's number is only what its
// last writer counted (a cancel does not touch it): the count is always the tickets'. (SQLite runs
// transactions one at a time anyway; the Firestore stand-in isolates nothing, decision 019.)
import 'server-only';
import { z } from 'zod';
import { defineCollection, type Documents, type Transaction } from '@/server/documents/port';
import { Tickets } from '@/features/door/ticket-records';
import { peopleOf } from '@/features/door/admission';

export const TicketTallies = defineCollection('ticketTallies', z.object({ people: z.number().int().nonnegative(), at: z.date() }));

export interface EventPlaces {
  /** People on the event's valid tickets now. */
  people: number;
  /** Records `added` more people, in the transaction (after its reads). */
  take(added: number): void;
}

/** Reads the event's tally and its valid tickets in `tx`. */
export async function placesOf(tx: Transaction, documents: Documents, eventId: string, now: Date): Promise<EventPlaces> {
  const tally = documents.collection(TicketTallies).doc(eventId);
  await tx.get(tally);
  const tickets = await tx.query(documents.collection(Tickets).where('eventId', '==', eventId));
  const people = tickets.filter(({ data }) => data.state === 'valid').reduce((sum, { data }) => sum + peopleOf(data), 0);
  return { people, take: (added) => void tx.set(tally, { people: people + added, at: now }) };
}
