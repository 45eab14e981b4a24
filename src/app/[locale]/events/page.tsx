// /events: the public programme, rendered on the server from the current data and kept live in
// the browser.
import { pageShell } from '@/app/_compose/page-shell';
import { getDocuments } from '@/server/documents/documents';
import { listPublicEvents } from '@/features/events/public-events';
import { EventProgramme } from '@/features/events/ui/EventProgramme';
import ProgrammeSections from '@/features/events/ui/ProgrammeSections';
import { programmeKey, programmeOf } from '@/features/events/programme';

// Rendered per request, like every page: each response carries its own CSP nonce (decision 014,
// which replaces the page cache of decision 011). The list in the browser is live.

const page = pageShell('events', {
  content: async () => {
    const events = await listPublicEvents(getDocuments());
    const renderedAt = new Date();
    const programme = programmeOf(events, renderedAt);
    return (
      <EventProgramme renderedKey={programmeKey(programme)} renderedAt={renderedAt}>
        <ProgrammeSections programme={programme} />
      </EventProgramme>
    );
  },
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
