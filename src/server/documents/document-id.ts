// What a document id may be: Firestore's rule (non-empty, at most 1,500 bytes of UTF-8, no '/',
// not '.' or '..', not __name__), which the embedded store applies too. Procedures validate ids
// with `DocumentId` and the adapters refuse with `isDocumentId`: one rule, so the two cannot
// drift. Plain zod, no server code: browser forms use the same schemas.
import { z } from 'zod';

export const DOCUMENT_ID_MAX_BYTES = 1500;

const encoder = new TextEncoder();

/** No UTF-16 unit of a well-formed string takes more than three bytes of UTF-8 (a pair takes four). */
const MAX_BYTES_PER_UNIT = 3;

export function isDocumentId(id: string): boolean {
  return (
    id.length > 0 &&
    // Every UTF-16 unit is at least one byte, so a longer string is refused before encoding it.
    id.length <= DOCUMENT_ID_MAX_BYTES &&
    id.isWellFormed() &&
    // Encoded only where it may be too long: ids are checked at every reference to a document.
    (id.length * MAX_BYTES_PER_UNIT <= DOCUMENT_ID_MAX_BYTES || encoder.encode(id).byteLength <= DOCUMENT_ID_MAX_BYTES) &&
    !id.includes('/') &&
    id !== '.' &&
    id !== '..' &&
    !/^__.*__$/s.test(id)
  );
}

/** The id of a document in any procedure input; its issue reads as the forms' 'format' message. */
export const DocumentId = z.string().refine(isDocumentId, 'format');
export type DocumentId = z.infer<typeof DocumentId>;
