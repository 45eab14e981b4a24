// A program's call that presents a shared secret (`Authorization: Bearer <secret>`, as Cloud
// Scheduler's jobs send it), compared in constant time: digests of equal length, so neither the
// secret's content nor its length shows in how long a refusal takes.
import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest();

export function presentsBearer(request: Request, secret: string): boolean {
  return timingSafeEqual(digest(request.headers.get('authorization') ?? ''), digest(`Bearer ${secret}`));
}
