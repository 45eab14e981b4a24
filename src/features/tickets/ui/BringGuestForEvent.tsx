'use client';
// "Bring a guest" on an event's public page, for a signed-in member: loaded only for them (the page
// imports it lazily), with the tRPC client it needs, so visitors download none of it.
import { useLocale } from 'next-intl';
import { TrpcProvider } from '@/trpc/client';
import { BringGuest } from './MemberGuests';
import type { GuestEvent } from '../guests';

export default function BringGuestForEvent({ event }: { event: Pick<GuestEvent, 'id' | 'title' | 'startsAt'> }) {
  return (
    <TrpcProvider locale={useLocale()}>
      <BringGuest event={event} />
    </TrpcProvider>
  );
}
