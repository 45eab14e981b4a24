'use client';
// The capacity as the door and the admins watch it (decision 052): from 90 % of it inside a
// warning, at it "Full" (the scanner then refuses entries but for "Admit anyway"). In words and a
// sign, never by colour alone.
import { useTranslations } from 'next-intl';
import { Alert } from '@/ui/feedback/Alert';
import { NEARLY_FULL } from '../constants';

export function CapacityWarning({ inside, capacity }: { inside: number; capacity: number }) {
  const t = useTranslations('Scanner');
  if (capacity <= 0 || inside < capacity * NEARLY_FULL) return null;
  const full = inside >= capacity;
  return (
    // Polite: it changes with every admission, and the scanner's verdict is the one that interrupts.
    <Alert kind={full ? 'error' : 'warning'} polite data-testid="capacity-warning" data-full={full || undefined}>
      {full ? t('capacityFull', { inside, capacity }) : t('capacityNearly', { inside, capacity, left: capacity - inside })}
    </Alert>
  );
}
