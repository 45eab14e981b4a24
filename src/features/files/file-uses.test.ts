import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AVATAR_UPLOAD, IMAGE_UPLOAD } from '@/features/files/client/start-upload';
import { FILE_USES } from '@/server/files/uses';

const rules = readFileSync(new URL('../../../firebase/storage.rules', import.meta.url), 'utf8');
const lifecycle = JSON.parse(readFileSync(new URL('../../../firebase/storage-lifecycle.json', import.meta.url), 'utf8')) as {
  lifecycle: { rule: { action: { type: string }; condition: { age?: number; isLive?: boolean; matchesPrefix?: string[]; matchesSuffix?: string[] } }[] };
};

function ruleBlock(folder: string): string {
  const start = rules.indexOf(`match /${folder}/`);
  expect(start, `storage.rules has no block for ${folder}/`).toBeGreaterThan(-1);
  return rules.slice(start, rules.indexOf('\n    }\n', start));
}

describe('storage rules and file uses agree', () => {
  it.each(Object.values(FILE_USES))('$name: the same size limit and content types', (use) => {
    const block = ruleBlock(use.folder);
    const megabytes = use.maxBytes / (1024 * 1024);
    expect(block).toContain(`request.resource.size <= ${megabytes} * 1024 * 1024`);
    const types = use.contentTypes.map((type) => type.replace('image/', '')).join('|');
    expect(block).toContain(`request.resource.contentType.matches('image/(${types})')`);
  });

  it.each(Object.values(FILE_USES))('$name: open or closed alike, and every upload rule asks the flag', (use) => {
    expect(rules).toMatch(new RegExp(`function ${use.folder}Open\\(\\) \\{\\s*return ${use.open};\\s*\\}`));
    const block = ruleBlock(use.folder);
    for (const rule of block.match(/allow (create|update)[^:]*: if [^;]*/g) ?? []) expect(rule).toContain(`if ${use.folder}Open()`);
    expect(block).toMatch(/allow (create|update)/);
  });

  it.each(Object.values(FILE_USES).filter((use) => 'accountUpload' in use))(
    '$name: the one upload name per account is the one the rules allow, the browser writes, and the bucket removes after a day',
    (use) => {
      expect(ruleBlock(use.folder)).toMatch(new RegExp(`^match /${use.folder}/\\{uid\\}/${use.accountUpload} \\{`));
      const removal = lifecycle.lifecycle.rule.filter(({ action, condition }) => action.type === 'Delete' && condition.matchesPrefix?.includes(`${use.folder}/`) && condition.matchesSuffix?.includes(`/${use.accountUpload}`));
      expect(removal.map(({ condition }) => condition.age ?? (condition.isLive === false ? 'older versions' : null))).toEqual([1, 'older versions']);
    },
  );

  it('the browser names each use as the server does', () => {
    for (const [target, use] of [
      [IMAGE_UPLOAD, FILE_USES.images],
      [AVATAR_UPLOAD, FILE_USES.avatars],
    ] as const) {
      expect(target).toEqual({ name: use.name, folder: use.folder, ...('accountUpload' in use ? { accountUpload: use.accountUpload } : {}) });
    }
  });

  it('denies everything else by default', () => {
    expect(rules).toMatch(/match \/\{allPaths=\*\*\} \{\s*allow read, write: if false;/);
  });
});
