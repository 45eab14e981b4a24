// Account lookups against the Auth emulator over one kept-alive connection: the session check
// asks once per round (./account-states.ts), and at a busy door that is hundreds of times a
// second. firebase-admin's client spent twice the CPU per call of this plain request and made the
// emulator work harder too; with real Firebase Auth the lookups stay with firebase-admin.
import 'server-only';
import http from 'node:http';
import type { AccountState, LookupAccounts } from './account-states';

/** A lookup that takes longer has failed: its requests are refused, the next round asks again. */
const LOOKUP_TIMEOUT_MS = 10_000;

interface LookupResponse {
  users?: { localId: string; disabled?: boolean; validSince?: string }[];
}

/** Firebase's account record, reduced to what the session check reads. */
export function accountStateOf(user: { disabled?: boolean; validSince?: string }): AccountState {
  // validSince: seconds since the epoch, as a string (firebase-admin's tokensValidAfterTime).
  return { disabled: user.disabled === true, validSince: user.validSince ? new Date(Number(user.validSince) * 1000) : null };
}

export function emulatorLookup(emulatorHost: string, projectId: string): LookupAccounts {
  const [hostname, port] = emulatorHost.split(':');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const path = `/identitytoolkit.googleapis.com/v1/projects/${encodeURIComponent(projectId)}/accounts:lookup`;
  const lookup = (uids: string[], retried: boolean): Promise<Map<string, AccountState>> =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify({ localId: uids });
      const request = http.request(
        {
          hostname,
          port: Number(port),
          method: 'POST',
          path,
          agent,
          timeout: LOOKUP_TIMEOUT_MS,
          // The emulator's administrator token, as firebase-admin sends it.
          headers: { authorization: 'Bearer owner', 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => {
            if (response.statusCode !== 200) return reject(new Error(`The Auth emulator answered an account lookup with ${response.statusCode}: ${text.slice(0, 200)}`));
            try {
              const { users = [] } = JSON.parse(text) as LookupResponse;
              resolve(new Map(users.map((user) => [user.localId, accountStateOf(user)])));
            } catch (error) {
              reject(error);
            }
          });
          response.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(new Error(`The Auth emulator did not answer an account lookup within ${LOOKUP_TIMEOUT_MS / 1000} s.`)));
      request.on('error', (error) => {
        // A kept-alive connection the emulator closed as this request went out (it closes idle
        // ones after a few seconds): a lookup only reads, so it is asked again on a new one.
        if (request.reusedSocket && !retried) lookup(uids, true).then(resolve, reject);
        else reject(error);
      });
      request.end(body);
    });
  return (uids) => lookup(uids, false);
}
