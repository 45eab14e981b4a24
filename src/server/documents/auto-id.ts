// Generated document ids: 20 characters from [A-Za-z0-9], as Firestore makes them.
import { randomBytes } from 'node:crypto';
import { isDocumentId } from './document-id';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const AUTO_ID_LENGTH = 20;

export function autoId(): string {
  let id = '';
  while (id.length < AUTO_ID_LENGTH) {
    for (const byte of randomBytes(40)) {
      // 248 = 62 * 4: drop the bytes that would bias the alphabet.
      if (byte < 248 && id.length < AUTO_ID_LENGTH) id += ALPHABET[byte % 62];
    }
  }
  return id;
}

/** The adapters' last word: procedures have refused a bad id with `DocumentId` long before. */
export function assertDocumentId(id: string): void {
  if (!isDocumentId(id)) {
    throw new Error(`Invalid document id: ${JSON.stringify(id)}`);
  }
}
