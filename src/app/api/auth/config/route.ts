// GET: the Firebase web config the browser initialises sign-in with (public by nature).
import { NextResponse } from 'next/server';
import { firebaseWebConfig } from '@/server/firebase/web-config';

export const dynamic = 'force-dynamic';

export function GET() {
  return NextResponse.json(firebaseWebConfig(), { headers: { 'cache-control': 'no-store' } });
}
