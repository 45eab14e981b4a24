// The door list (decision 043): what a scanner holds to decide without signal. For one event, each
// member who may enter that night: the pass id, the phone's public key and its version, the name
// and photo for the face check, the membership's validity and whether (and where) they are in
// already. Nothing in it can make a valid code: a public key only checks signatures. Door staff
// and admins fetch it when they open an event's door, and every 60 s while online.
import 'server-only';
import { DomainError } from '@/server/domain-error';
import { Events } from '@/features/events/events';
import { Users } from '@/features/identity/users';
import { Checkins, Exits, Reentries } from './door-records';
import type { DoorEventInput } from './door.inputs';
import { nameAtDoor } from './door-names';
import { Passes, rememberPassOwner, type DoorPorts } from './passes';
import { storedPhoto } from '@/features/identity/avatar-access';

export interface DoorListMember {
  uid: string;
  passId: string;
  /** The key of the phone that shows the pass, and its version; null: no phone signs yet (checked online only). */
  publicKey: string | null;
  version: number;
  name: string;
  photoURL: string | null;
  validFrom: Date;
  validUntil: Date;
  /** The first admission tonight, if any, and whether the member is inside now. */
  admittedAt: Date | null;
  firstDoor: string | null;
  inside: boolean;
}

export interface DoorList {
  eventId: string;
  /** Server time when the list was made: the scanner measures its clock's offset from it. */
  at: Date;
  /** The event's door hours (an offline door admits only while the door is open). */
  doorsAt: Date;
  endsAt: Date;
  members: DoorListMember[];
}

/** Members a list holds at most (a venue's members; far above any night's capacity). */
export const DOOR_LIST_MAX = 5000;

/** Members whose membership covers some of the event's night, with their passes and tonight's admissions. */
export async function doorList({ documents, keys }: DoorPorts, { eventId }: DoorEventInput, now = new Date()): Promise<DoorList> {
  const event = (await documents.collection(Events).doc(eventId).get()).data;
  if (!event || event.status !== 'published') throw new DomainError('not-found', 'eventNotFound');
  const [users, checkins, exits, reentries] = await Promise.all([
    documents.collection(Users).where('membership.validUntil', '>', now).limit(DOOR_LIST_MAX).get(),
    documents.collection(Checkins).where('eventId', '==', eventId).get(),
    documents.collection(Exits).where('eventId', '==', eventId).get(),
    documents.collection(Reentries).where('eventId', '==', eventId).get(),
  ]);
  const members = users.filter(({ data }) => data.membership && !data.disabled && data.membership.validFrom.getTime() < event.endsAt.getTime());
  const passes = await Promise.all(members.map(({ id }) => documents.collection(Passes).doc(keys.passIdFor(id)).get()));
  const admitted = new Map(checkins.map(({ data }) => [data.uid, data]));
  const passages = (list: typeof exits) => list.reduce((counts, { data }) => counts.set(data.uid, (counts.get(data.uid) ?? 0) + 1), new Map<string, number>());
  const [out, back] = [passages(exits), passages(reentries)];
  return {
    eventId,
    at: now,
    doorsAt: event.doorsAt,
    endsAt: event.endsAt,
    members: members.map(({ id, data }, index) => {
      const pass = passes[index]!;
      // This server knows whose each pass is for the night: a scan reads the member at once.
      rememberPassOwner(pass.id, id);
      const checkin = admitted.get(id);
      return {
        uid: id,
        passId: pass.id,
        publicKey: pass.data?.publicKey ?? null,
        version: pass.data?.version ?? 1,
        name: nameAtDoor(data),
        photoURL: storedPhoto(id, data),
        validFrom: data.membership!.validFrom,
        validUntil: data.membership!.validUntil,
        admittedAt: checkin?.at ?? null,
        firstDoor: checkin?.device ?? null,
        inside: Boolean(checkin) && (out.get(id) ?? 0) <= (back.get(id) ?? 0),
      };
    }),
  };
}
