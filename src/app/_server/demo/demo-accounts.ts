// The embedded backend's demo accounts: one per role and one without a role. Their passwords are
// in the README; they exist only in the local Auth emulator, never in a Firebase project.
import type { Role } from '@/access/roles';

export interface DemoAccount {
  uid: string;
  email: string;
  password: string;
  displayName: string;
  role: Role | null;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { uid: 'demo-admin', email: 'admin@nordlicht.example', password: 'nordlicht-admin', displayName: 'Alex Admin', role: 'admin' },
  { uid: 'demo-scanner', email: 'door@nordlicht.example', password: 'nordlicht-door', displayName: 'Dana Door', role: 'scanner' },
  { uid: 'demo-member', email: 'member@nordlicht.example', password: 'nordlicht-member', displayName: 'Mia Member', role: 'user' },
  { uid: 'demo-guest', email: 'guest@nordlicht.example', password: 'nordlicht-guest', displayName: 'Gus Guest', role: null },
];

const FIRST_NAMES = ['Lena', 'Jonas', 'Aylin', 'Finn', 'Marie', 'Noah', 'Sofia', 'Elias', 'Hanna', 'Luca', 'Emma', 'Mateo', 'Clara', 'Paul', 'Leyla', 'Anton'];
const LAST_NAMES = ['Berger', 'Schmidt', 'Yilmaz', 'Hansen', 'Novak', 'Weber', 'Kowalski', 'Petersen', 'Costa', 'Fischer', 'Larsen', 'Meyer'];

/** A crowd of guests so the user list has pages to walk (sign-in accounts included). */
export function demoCrowd(count: number): DemoAccount[] {
  return Array.from({ length: count }, (_, index) => {
    const first = FIRST_NAMES[index % FIRST_NAMES.length]!;
    const last = LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length]!;
    const number = String(index + 1).padStart(3, '0');
    return {
      uid: `demo-guest-${number}`,
      email: `${first}.${last}.${number}@example.org`.toLowerCase(),
      password: `guest-${number}-password`,
      displayName: `${first} ${last}`,
      role: index % 4 === 0 ? 'user' : null,
    };
  });
}
