// The signed-in person as the page shows them: what the layout renders into <ViewerProvider> and
// what the server's answer to "who is signed in" (./server-viewer.ts) brings.
import type { Role } from '@/access/roles';

export interface ViewerPerson {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  role: Role | null;
}
