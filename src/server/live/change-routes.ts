// Which live feeds a change of this process concerns, found without asking every feed: one
// change-feed listener per documents instance hands each change to the feeds that said they want
// it, by collection and then by the document's id or a field's value (the member's uid, the
// event's id). With a feed per open pass and inbox, a door's admission must cost the same whether
// 1 or 500 are open, so the lookup is by key, not a question put to each feed.
import type { DocumentChange, Documents } from '@/server/documents/port';

/**
 * Of a collection's changes, the ones a feed wants: every one; one document's; or those naming
 * `value` in `field`, before or after the change (a delete by what it removed, a move both ways).
 * A change whose document carries no such field at all concerns every feed keyed by it: waking
 * too many is safe, too few is not.
 */
export type Concern = 'every' | { id: string } | { field: string; value: string };
/** Per collection, the changes that concern a feed. */
export type Concerns = Readonly<Record<string, Concern>>;

type Listener = (change: DocumentChange) => void;

interface Route {
  every: Set<Listener>;
  byId: Map<string, Set<Listener>>;
  byField: Map<string, Map<string, Set<Listener>>>;
}

interface Routes {
  collections: Map<string, Route>;
  stop: () => void;
}

const routesOf = new WeakMap<Documents, Routes>();

function add<K>(map: Map<K, Set<Listener>>, key: K, listener: Listener) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(listener);
}

function remove<K>(map: Map<K, Set<Listener>>, key: K, listener: Listener) {
  const set = map.get(key);
  set?.delete(listener);
  if (set?.size === 0) map.delete(key);
}

/** The feeds a change concerns, each once. */
function concerned(route: Route, change: DocumentChange): Set<Listener> {
  const woken = new Set(route.every);
  for (const listener of route.byId.get(change.id) ?? []) woken.add(listener);
  for (const [field, byValue] of route.byField) {
    // A created document replaced nothing: its `before` is not looked at (nor decoded).
    const values = [change.data?.[field], change.type === 'created' ? undefined : change.before?.[field]];
    if (values.every((value) => value === undefined)) {
      for (const listeners of byValue.values()) for (const listener of listeners) woken.add(listener);
      continue;
    }
    for (const value of values) if (typeof value === 'string') for (const listener of byValue.get(value) ?? []) woken.add(listener);
  }
  return woken;
}

/** Calls `listener` with each change of this process that `concerns` takes, until the returned function is called. */
export function onConcerningChange(documents: Documents, concerns: Concerns, listener: Listener): () => void {
  let routes = routesOf.get(documents);
  if (!routes) {
    const collections = new Map<string, Route>();
    const stop = documents.onChange((change) => {
      const route = collections.get(change.collection);
      if (route) for (const each of concerned(route, change)) each(change);
    });
    routesOf.set(documents, (routes = { collections, stop }));
  }
  const { collections } = routes;
  for (const [collection, concern] of Object.entries(concerns)) {
    let route = collections.get(collection);
    if (!route) collections.set(collection, (route = { every: new Set(), byId: new Map(), byField: new Map() }));
    if (concern === 'every') route.every.add(listener);
    else if ('id' in concern) add(route.byId, concern.id, listener);
    else {
      let byValue = route.byField.get(concern.field);
      if (!byValue) route.byField.set(concern.field, (byValue = new Map()));
      add(byValue, concern.value, listener);
    }
  }
  const mine = routes;
  return () => {
    for (const [collection, concern] of Object.entries(concerns)) {
      const route = collections.get(collection);
      if (!route) continue;
      if (concern === 'every') route.every.delete(listener);
      else if ('id' in concern) remove(route.byId, concern.id, listener);
      else {
        const byValue = route.byField.get(concern.field);
        if (byValue) remove(byValue, concern.value, listener);
        if (byValue?.size === 0) route.byField.delete(concern.field);
      }
      if (route.every.size === 0 && route.byId.size === 0 && route.byField.size === 0) collections.delete(collection);
    }
    if (collections.size === 0 && routesOf.get(documents) === mine) {
      mine.stop();
      routesOf.delete(documents);
    }
  };
}
