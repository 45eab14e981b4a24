// The lint rules that keep the admin SDK behind the server's ports: a feature that imports it is
// refused by `npm run lint`, infrastructure under src/server/ is not; and the server's logging in
// one place: no console outside browser code.
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

  it('allows firebase-admin in the server’s adapters', async () => {
    expect(await ruleIdsFor('src/server/accounts/example.ts', importsAdmin)).not.toContain('no-restricted-imports');
  });
});
