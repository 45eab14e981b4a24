// /scanner: the door (scanner and admin). The event and mode come from the URL, so a door's setup
// is a bookmark: ?event=<id>&mode=entry|bar.
import { routePage } from '@/app/_compose/route-page';
import { getDocuments } from '@/server/documents/documents';
import { doorEvents } from '@/features/door/door-figures';
import { SCAN_MODES, type ScanMode } from '@/features/door/constants';
import { Scanner } from '@/features/door/ui/Scanner';

const page = routePage('scanner', {
  messages: ['Scanner', 'Forms'],
  content: async ({ searchParams }) => {
    const [events, search] = await Promise.all([doorEvents(getDocuments()), searchParams]);
    const mode: ScanMode = (SCAN_MODES as readonly string[]).includes(String(search.mode)) ? (search.mode as ScanMode) : 'entry';
    const eventId = typeof search.event === 'string' ? search.event : null;
    return <Scanner events={events} eventId={eventId} mode={mode} />;
  },
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
