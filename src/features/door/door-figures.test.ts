// What the admin area shows of a person at the door: their admissions and scans, newest first.
import { describe, expect, it } from 'vitest';
import { personAtTheDoor } from './door-figures';
import { doorNight } from './test-door';

describe('the door figures', () => {
  const tonight = doorNight();

  it("gives admins a person's admissions and scans", async () => {
    await tonight.admitAdaThenPour();
    const person = await personAtTheDoor(tonight.documents, 'ada');
    expect(person.admissions).toEqual([expect.objectContaining({ eventId: 'tonight', door: 'Front, left', source: 'camera' })]);
    expect(person.scans.map((entry) => entry.verdict)).toEqual(['drinkRedeemed', 'admitted']);
  });
});
