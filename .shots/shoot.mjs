// usage: node shoot.mjs <base> <emuHost> <email> <password> <path> <out.png> [mobile]
import { chromium } from '@playwright/test';
const [base, emu, email, password, path, out, mobile] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-background-networking', '--disable-gpu'] });
const context = await browser.newContext(mobile ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 900 } });
if (email !== '-') {
  const r = await fetch(`http://${emu}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password, returnSecureToken: true }) });
  const { idToken } = await r.json();
  const s = await context.request.post(`${base}/api/session`, { data: { idToken }, headers: { origin: base } });
  if (s.status() !== 200) console.error('session', s.status(), await s.text());
}
const page = await context.newPage();
page.on('console', (m) => { if (m.type() === 'error') console.error('console:', m.text()); });
await page.goto(base + path, { waitUntil: 'networkidle' });
await page.waitForTimeout(800);
await page.screenshot({ path: out, fullPage: true });
await browser.close();
