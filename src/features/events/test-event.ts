// For tests: the event form as an admin fills it in, valid unless the test says otherwise.
import { HOME_VENUE } from './events';
import type { EventInput } from './events.inputs';

export function eventForm(overrides: Partial<EventInput> = {}): EventInput {
  return {
    slug: '',
    title: { en: 'Harbour Lights', de: 'Hafenlichter' },
    summary: { en: 'A night by the water.', de: 'Eine Nacht am Wasser.' },
    description: { en: 'Music **all night**.', de: 'Musik **die ganze Nacht**.' },
    doorsAt: '2030-06-05T20:00',
    startsAt: '2030-06-05T21:00',
    endsAt: '2030-06-06T03:00',
    venue: HOME_VENUE,
    capacity: 300,
    drinkAllowance: 2,
    barMenu: { en: '', de: '' },
    guestsPerMember: 1,
    guestDrinks: 0,
    publicTickets: 0,
    coverImageId: null,
    ...overrides,
  };
}
