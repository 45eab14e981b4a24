// For tests: how the public events mirror differs from what the events say it should hold.
import { isDeepStrictEqual } from 'node:util';
import type { Documents } from '@/server/documents/port';
import { Events } from './events';
import { PublicEvents, publicProjection } from './public-events';

/** Every event whose mirror is not its public projection, and every mirror document without a public event. */
export async function mirrorProblems(documents: Documents): Promise<string[]> {
  const problems: string[] = [];
  const events = new Map((await documents.collection(Events).get()).map((snapshot) => [snapshot.id, snapshot.data]));
  const mirrors = new Map((await documents.collection(PublicEvents).get()).map((snapshot) => [snapshot.id, snapshot.data]));
  for (const [id, event] of events) {
    const shown = publicProjection(event);
    const mirror = mirrors.get(id);
    if (!shown && mirror) problems.push(`${id}: a ${event.status} event has a mirror`);
    if (shown && !isDeepStrictEqual(shown, mirror)) problems.push(`${id}: the mirror is not the public projection of the ${event.status} event`);
  }
  for (const id of mirrors.keys()) if (!events.has(id)) problems.push(`${id}: a mirror without an event`);
  return problems;
}
