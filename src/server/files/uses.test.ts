import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FILE_USES } from './uses';

const rules = readFileSync(new URL('../../../firebase/storage.rules', import.meta.url), 'utf8');

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

  it('denies everything else by default', () => {
    expect(rules).toMatch(/match \/\{allPaths=\*\*\} \{\s*allow read, write: if false;/);
  });
});
