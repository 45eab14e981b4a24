// What the admin area shows of a person at the door: their admissions and scans, newest first. The
// night a member's pass shows (issue 47, part 8): the event whose door is open, not the first to sort.
import { describe, expect, it } from 'vitest';
import { memberNight, personAtTheDoor } from './door-figures';
import { doorNight, HOUR, NOW } from './test-door';

describe('the door figures', () => {
  const tonight = doorNight();

  it("gives admins a person's admissions and scans", async () => {
    await tonight.admitAdaThenPour();
    const person = await personAtTheDoor(tonight.documents, { uid: 'ada' });
    expect(person.admissions).toEqual([expect.objectContaining({ eventId: 'tonight', door: 'Front, left', source: 'camera' })]);
    expect(person.scans.map((entry) => entry.verdict)).toEqual(['drinkRedeemed', 'admitted']);
  });

  describe('the night on the pass, with two events on one day', () => {
    // An early show (doors 17:00, ends 23:00) and the late night (doors 22:00, ends 04:00); each
    // door opens two hours before its doors time, so both are open from 20:00 to 23:00.
    // Three days after tonight's event (the fixture's), so only these two are near.
    const day = new Date(NOW.getTime() + 72 * HOUR);
    day.setUTCHours(0, 0, 0, 0);
    const at = (hours: number) => new Date(day.getTime() + hours * HOUR);
    const shown = async (hours: number) => (await memberNight(tonight.documents, 'ada', at(hours))).event?.id ?? null;

    async function twoNights() {
      await tonight.addEvent('early', { doorsAt: at(17), hours: 6 });
      await tonight.addEvent('late', { doorsAt: at(22), hours: 6 });
    }

    it('shows the night whose door is open, whichever sorts first', async () => {
      await twoNights();
      expect(await shown(16)).toBe('early');
      // Both doors open: the early show's doors time has come, the late night's not yet.
      expect(await shown(20.25)).toBe('early');
      // Both doors open and both doors times come: the late night, though the early show sorts first.
      expect(await shown(22.5)).toBe('late');
      expect(await shown(23.5)).toBe('late');
    });

    it('shows the night the member was admitted to while both doors are open', async () => {
      await twoNights();
      await tonight.addEvent('overlap', { doorsAt: at(20.1), hours: 2 });
      expect(await shown(20.2)).toBe('overlap');
      await tonight.scan(await tonight.codeOf('ada', at(18)), { eventId: 'early' }, at(18));
      expect(await shown(20.2)).toBe('early');
    });

    it('with no door open, names the next door to open tonight, and none days ahead', async () => {
      await twoNights();
      expect(await shown(13)).toBe('early');
      expect(await shown(4.5 + 24)).toBeNull();
      // 02:00: the early show's door opens in 13 hours, not tonight's business yet.
      expect(await shown(2)).toBeNull();
    });
  });
});
