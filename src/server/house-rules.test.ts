// The lint rules that keep the admin SDK behind the server's ports: a feature that imports it is
// refused by `npm run lint`, infrastructure under src/server/ is not; the server's logging in one
// place: no console outside browser code; and one alert: no alert classes written by hand.
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

// Loading Next's and typescript-eslint's rules takes seconds on a busy machine: do it once.
beforeAll(() => eslint.calculateConfigForFile('src/features/example.ts'), 60_000);

async function ruleIdsFor(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId);
}

describe('house rules', () => {
  const importsAdmin = "import { getAuth } from 'firebase-admin/auth';\nexport const auth = getAuth;\n";

  it.each(['src/features/identity/example.ts', 'src/app/api/example/route.ts', 'src/ui/Example.tsx'])(
    'refuses firebase-admin in %s',
    async (filePath) => {
      expect(await ruleIdsFor(filePath, importsAdmin)).toContain('no-restricted-imports');
    },
  );

  it('refuses the server’s firebase-admin app outside src/server/', async () => {
    const code = "import { adminAuth } from '@/server/firebase/admin';\nexport const auth = adminAuth;\n";
    expect(await ruleIdsFor('src/features/identity/example.ts', code)).toContain('no-restricted-imports');
  });

  it('refuses console in server code, which logs through src/server/log.ts; browser code may use it', async () => {
    const code = "console.error('Something failed');\n";
    for (const filePath of ['src/server/example.ts', 'src/features/door/example.ts', 'src/app/api/example/route.ts', 'src/instrumentation-node.ts']) {
      expect(await ruleIdsFor(filePath, code)).toContain('no-console');
    }
    for (const filePath of ['src/features/door/client/example.ts', 'src/features/door/ui/Example.tsx']) {
      expect(await ruleIdsFor(filePath, code)).not.toContain('no-console');
    }
  });

  it('refuses alert markup written by hand outside the one Alert, as a string or built by kind', async () => {
    const byHand = [
      'export const A = () => <p className="alert alert--error" role="alert">Not saved.</p>;\n',
      "export const A = ({ kind }: { kind: string }) => <div className={`alert alert--${kind}`}>Saved.</div>;\n",
      "export const A = ({ ok }: { ok: boolean }) => <p className={ok ? 'alert alert--success' : 'alert alert--error'}>Done.</p>;\n",
      'export const A = () => <span className="alert__label" aria-hidden="true">!</span>;\n',
    ];
    for (const code of byHand) expect(await ruleIdsFor('src/features/door/ui/Example.tsx', code), code).toContain('no-restricted-syntax');
    for (const code of byHand) expect(await ruleIdsFor('src/ui/feedback/Example.tsx', code), code).not.toContain('no-restricted-syntax');
    // A class that only contains the word is another class.
    expect(await ruleIdsFor('src/features/door/ui/Example.tsx', 'export const A = () => <p className="alerted no-alert">x</p>;\n')).not.toContain('no-restricted-syntax');
  });

  it('keeps the rule on reading languages in components, beside the one on alerts', async () => {
    const code = "import type { Locale } from '@/i18n/routing';\nexport const A = ({ l }: { l: string }) => <p>{l as Locale}</p>;\n";
    expect(await ruleIdsFor('src/features/door/ui/Example.tsx', code)).toContain('no-restricted-syntax');
  });

  it('allows firebase-admin in the server’s adapters', async () => {
    expect(await ruleIdsFor('src/server/accounts/example.ts', importsAdmin)).not.toContain('no-restricted-imports');
  });
});
