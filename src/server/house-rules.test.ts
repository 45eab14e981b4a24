// The lint rules that keep the admin SDK behind the server's ports: a feature that imports it is
// refused by `npm run lint`, infrastructure under src/server/ is not.
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

  it('allows firebase-admin in the server’s adapters', async () => {
    expect(await ruleIdsFor('src/server/accounts/example.ts', importsAdmin)).not.toContain('no-restricted-imports');
  });
});
