// The decision records (prisma-free-docs/decisions) say where they stand: each opens with a status
// line (accepted, and what amended or replaced part of it since), and that line names every later
// decision that says it amends this one, and every amendment note this record carries itself. A
// record amended without its status saying so fails here, so a reader who starts at an old record
// is sent on to what changed it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = join(__dirname, '..', 'prisma-free-docs', 'decisions');
const records = readdirSync(folder)
  .filter((file) => /^\d{3}-.+\.md$/.test(file))
  .map((file) => ({ number: file.slice(0, 3), file, text: readFileSync(join(folder, file), 'utf8') }));
const numbers = new Set(records.map((record) => record.number));

/** The record's status line: the first paragraph after its title. */
const statusOf = (text: string) => text.split('\n')[2] ?? '';
/** The decisions a status line names (as links or as numbers after "decision(s)"). */
const named = (status: string) => new Set([...status.matchAll(/\]\((\d{3})-/g)].map((match) => match[1]!));
/** The decisions a record says it amends: the links of its sentence that begins "Amends". */
function amends(text: string): string[] {
  const sentence = /(?:^|\s)Amends ([\s\S]*?)\.(?:\s+[A-Z]|\s*$)/.exec(text)?.[1] ?? '';
  return [...sentence.matchAll(/\]\((\d{3})-/g)].map((match) => match[1]!);
}

describe('the decision records', () => {
  it('are numbered, and there are enough of them for this test to mean something', () => {
    expect(records.length).toBeGreaterThan(50);
  });

  it.each(records.map((record) => [record.file, record] as const))('%s opens with a status line', (_, record) => {
    expect(record.text.split('\n')[0]).toMatch(new RegExp(`^# ${record.number}: `));
    expect(statusOf(record.text)).toMatch(/^Status: (accepted|replaced)\b/);
  });

  it('name only decisions that exist', () => {
    const unknown = records.flatMap((record) => [...named(statusOf(record.text))].filter((number) => !numbers.has(number)).map((number) => `${record.file} names ${number}`));
    expect(unknown).toEqual([]);
  });

  it('say in their status every later decision that amends them', () => {
    const missing: string[] = [];
    for (const later of records) {
      for (const earlier of amends(later.text)) {
        const record = records.find((candidate) => candidate.number === earlier);
        if (record && !named(statusOf(record.text)).has(later.number)) missing.push(`${record.file}: amended by ${later.number}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('say in their status every amendment note they carry', () => {
    const missing: string[] = [];
    for (const record of records) {
      const head = record.text.split('\n## ')[0]!;
      const status = statusOf(record.text);
      for (const match of head.matchAll(/Amended by \[decision (\d{3})\]/g)) if (!named(status).has(match[1]!)) missing.push(`${record.file}: decision ${match[1]}`);
      const issues = [...head.matchAll(/Amended by issue (\d+)/g), ...record.text.matchAll(/^## Amendment \(issue (\d+)\)/gm)].map((match) => match[1]!);
      for (const issue of new Set(issues)) if (!new RegExp(`\\bissues? [\\d, and]*\\b${issue}\\b`).test(status)) missing.push(`${record.file}: issue ${issue}`);
    }
    expect(missing).toEqual([]);
  });

  it('finds a missing status entry (the check itself)', () => {
    const later = 'Status: accepted.\n\nAmends [decision 005](005-embedded-documents-on-sqlite.md) (how it stores) and [030](030-x.md).\nThe part on lists is [decision 053](053-y.md).\n\n## Context';
    expect(amends(later)).toEqual(['005', '030']);
    expect(named('Status: accepted; amended by decisions [055](055-x.md) and [056](056-y.md).')).toEqual(new Set(['055', '056']));
  });
});
