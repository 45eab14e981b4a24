// Every page of the network demo warns (the root layout renders the banner with the runtime
// config); on this machine none does.
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '@/i18n/messages/en.json';
import de from '@/i18n/messages/de.json';
import { VENUE_TIME_ZONE } from '@/i18n/routing';
import { parseEnv } from '@/server/env';
import { firebaseWebConfig } from '@/server/firebase/web-config';
import { DemoModeBanner } from './DemoModeBanner';

const base = { SITE_URL: 'http://localhost:3000', DATA_DIR: '/tmp/venue' };

describe('the network demo banner', () => {
  it.each([
    ['en', en],
    ['de', de],
  ] as const)('warns in %s when the embedded backend is open to the network', (locale, messages) => {
    const config = firebaseWebConfig(parseEnv({ ...base, EMBEDDED_ALLOW_NETWORK: '1' }), '127.0.0.1:9099');
    const text = messages.Exposure.banner;
    const html = renderToStaticMarkup(
      <NextIntlClientProvider locale={locale} messages={messages} timeZone={VENUE_TIME_ZONE}>
        <DemoModeBanner config={config} text={text} />
      </NextIntlClientProvider>,
    );
    expect(html).toContain('role="note"');
    expect(html).toContain(text);
  });

  it('says nothing on this machine', () => {
    const config = firebaseWebConfig(parseEnv(base), '127.0.0.1:9099');
    expect(renderToStaticMarkup(<DemoModeBanner config={config} text={en.Exposure.banner} />)).toBe('');
  });
});
