// Scans logged before the door named members as it does now (decision 046) hold a member's full
// address where they had no display name, and every door phone reads the log live. Rewritten once
// at start, on both backends, to the masked address the door shows (`ma…@example.org`); recorded in
// migrations/{name} like the public events' mirror. The admins' CSV reads addresses from the
// accounts, not from the log, so nothing an admin may see is lost.
import 'server-only';
import { serverTimestamp, type Documents, type QueryDocumentSnapshot } from '@/server/documents/port';
import { Migrations } from '@/server/documents/migrations';
import { Scans, type ScanDocument } from './door-records';
import { maskedAddress } from './door-names';

export const MASKED_SCAN_NAMES_VERSION = 1;
const PAGE = 400;

/** A name as the door used to log it for a member without a display name: a whole address. */
function fullAddress(name: string | null): name is string {
  return name !== null && /^[^@\s…]+@[^@\s]+$/.test(name);
}

/** Masks every full address in the scan log; a no-op once recorded. Returns the scans rewritten. */
export async function maskScannedAddresses(documents: Documents): Promise<number> {
  const marker = documents.collection(Migrations).doc('maskedScanNames');
  if ((await marker.get()).data?.version === MASKED_SCAN_NAMES_VERSION) return 0;
  const ordered = documents.collection(Scans).orderBy('at');
  let after: QueryDocumentSnapshot<ScanDocument> | undefined;
  let written = 0;
  for (;;) {
    const page = await (after ? ordered.startAfter(after) : ordered).limit(PAGE).get();
    const unmasked = page.filter((scan) => fullAddress(scan.data.name));
    if (unmasked.length) {
      const batch = documents.batch();
      for (const scan of unmasked) batch.update(documents.collection(Scans).doc(scan.id), { name: maskedAddress(scan.data.name) });
      await batch.commit();
      written += unmasked.length;
    }
    if (page.length < PAGE) break;
    after = page.at(-1);
  }
  await marker.set({ version: MASKED_SCAN_NAMES_VERSION, at: serverTimestamp() });
  return written;
}
