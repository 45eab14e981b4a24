// /unsubscribe?u=<uid>&t=<token>: where an announcement's unsubscribe link leads (issue 44). Public
// (a mail's link works without signing in), in the language the mail was written in (its link
// carries the /de prefix), never indexed. Opening it changes nothing: the person confirms.
import { pageShell } from '@/app/_compose/page-shell';
import { UnsubscribePanel } from '@/features/mail/ui/UnsubscribePanel';
import { UNSUBSCRIBE_OUTCOMES, type UnsubscribeResult } from '@/features/mail/constants';
import { UnsubscribeLink } from '@/features/mail/mail.inputs';

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const page = pageShell('unsubscribe', {
  messages: ['Unsubscribe'],
  // The link's address carries the person's token: kept out of search engines like the sign-in pages.
  metadata: (base) => ({ ...base, robots: { index: false } }),
  content: async ({ searchParams }) => {
    const query = await searchParams;
    const link = UnsubscribeLink.safeParse({ u: one(query.u), t: one(query.t) });
    const result = one(query.result);
    return (
      <UnsubscribePanel
        link={link.success ? { uid: link.data.u, token: link.data.t } : null}
        result={(UNSUBSCRIBE_OUTCOMES as readonly string[]).includes(result ?? '') ? (result as UnsubscribeResult) : null}
      />
    );
  },
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
