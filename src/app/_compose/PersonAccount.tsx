'use client';
// /admin/users/{id}: the account (users) with the memberships that admit the person, their house
// ban and their passes at the door, put together here so that no feature imports another's screens.
import { PersonBan } from '@/features/bans/ui/PersonBan';
import { PersonDoor } from '@/features/door/ui/AdminDoor';
import { UserMemberships } from '@/features/memberships/ui/UserMemberships';
import { UserAccount } from '@/features/users/ui/UserAccount';

export function PersonAccount({ uid }: { uid: string }) {
  return (
    <UserAccount
      uid={uid}
      sections={(person) => (
        <>
          <UserMemberships uid={person.uid} name={person.name} onGiven={person.refresh} />
          <PersonBan uid={person.uid} name={person.name} onChanged={person.refresh} />
          <PersonDoor uid={person.uid} />
        </>
      )}
    />
  );
}
