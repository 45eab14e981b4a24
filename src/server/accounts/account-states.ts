// Whether accounts may still use their sessions, asked of Firebase Auth for many requests at once.
// Every signed-in request must see an account disabled or signed out everywhere a moment ago
// (the session check is not cached), but asking once per request costs a round trip to Firebase
// Auth each: at a door with twenty scanners that was most of the server's work. So requests wait
// in rounds, as a database groups commits: a request joins the next lookup (never one already on
// its way, which may have left before the account changed), and that lookup asks for every
// account waiting, up to Firebase's 100 per call. Each answer is therefore fresh for its request,
// and under load one lookup serves a round of requests instead of one each.
//
// Where every change of an account is known to have happened (the embedded backend's account
// journal replaces its snapshot file before it acknowledges any change: decision 029), that file's
// identity is a generation: an answer is kept with the generation read before its lookup began,
// and reused while the generation is the same. A change acknowledged before a request began has
// moved the generation, so the request asks again: still refused at its next request.

/** What the session check needs of an account; null when there is no such account. */
export interface AccountState {
  disabled: boolean;
  /** Sessions begun before this time were revoked ("sign out everywhere"); null if never. */
  validSince: Date | null;
}

export type LookupAccounts = (uids: string[]) => Promise<Map<string, AccountState>>;

/** Firebase Auth's limit of identifiers per lookup. */
export const LOOKUP_LIMIT = 100;

interface Waiting {
  uid: string;
  resolve: (state: AccountState | null) => void;
  reject: (error: unknown) => void;
}

/**
 * The current generation of the accounts: changes whenever an account may have changed, read
 * cheaply (a file's identity); undefined when unknown, and then nothing is reused.
 */
export type AccountsGeneration = () => string | undefined;

/** Accounts whose answers are kept per generation; past it, the kept answers start over. */
export const KEPT_ACCOUNTS = 10_000;

/**
 * A function that answers an account's state from a lookup that starts after it was called, or,
 * given `generation`, from one that started in the same generation.
 */
export function accountStates(lookup: LookupAccounts, generation: AccountsGeneration = () => undefined): (uid: string) => Promise<AccountState | null> {
  let waiting: Waiting[] = [];
  let running = false;
  let kept: { generation: string; states: Map<string, AccountState | null> } | undefined;

  async function round() {
    running = true;
    try {
      await rounds();
    } finally {
      running = false;
      // A request that arrived after the last round's check but before this line (a caller's
      // continuation can run in between) would otherwise wait for a round that never comes.
      if (waiting.length > 0) void round();
    }
  }

  async function rounds() {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      const uids = [...new Set(batch.map((entry) => entry.uid))];
      // Read before the lookup: its answers are at least as new as this generation.
      const asOf = generation();
      const chunks = Array.from({ length: Math.ceil(uids.length / LOOKUP_LIMIT) }, (_, index) => uids.slice(index * LOOKUP_LIMIT, (index + 1) * LOOKUP_LIMIT));
      const answers = await Promise.allSettled(chunks.map((chunk) => lookup(chunk)));
      const states = new Map<string, AccountState>();
      const failed = new Map<string, unknown>();
      answers.forEach((answer, index) => {
        if (answer.status === 'fulfilled') for (const [uid, state] of answer.value) states.set(uid, state);
        else for (const uid of chunks[index]!) failed.set(uid, answer.reason);
      });
      if (asOf !== undefined) {
        if (kept?.generation !== asOf || kept.states.size + uids.length > KEPT_ACCOUNTS) kept = { generation: asOf, states: new Map() };
        for (const uid of uids) if (!failed.has(uid)) kept.states.set(uid, states.get(uid) ?? null);
      }
      for (const entry of batch) {
        if (failed.has(entry.uid)) entry.reject(failed.get(entry.uid));
        else entry.resolve(states.get(entry.uid) ?? null);
      }
    }
  }

  return (uid) => {
    if (kept) {
      const now = generation();
      if (now !== undefined && now === kept.generation && kept.states.has(uid)) return Promise.resolve(kept.states.get(uid)!);
    }
    return new Promise<AccountState | null>((resolve, reject) => {
      waiting.push({ uid, resolve, reject });
      if (!running) void round();
    });
  };
}

/** Firebase's rule: an enabled account whose sessions were not revoked after this sign-in. */
export function sessionStillValid(state: AccountState | null, authTimeSeconds: number): boolean {
  if (!state || state.disabled) return false;
  return state.validSince === null || authTimeSeconds * 1000 >= state.validSince.getTime();
}
