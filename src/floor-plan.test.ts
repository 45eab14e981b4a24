// The floor plan (.dependency-cruiser.cjs, run by `npm run lint`) holds for all of src/: no
// import breaks it beyond the known ones, and the list of known ones names only imports that are
// still there, so it shortens as they are fixed instead of hiding their return.
import { readFile } from 'node:fs/promises';
import { cruise, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, it } from 'vitest';

function describeViolation(violation: IViolation) {
  const path = violation.cycle ? violation.cycle.map((step) => step.name).join(' → ') : violation.to;
  return `${violation.rule.name}: ${violation.from} → ${path}`;
}

async function violationsNow() {
  const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
  const tsConfig = extractTSConfig('tsconfig.json');
  const { output } = await cruise(['src'], { ...options, validate: true }, {}, { tsConfig });
  if (typeof output === 'string') throw new Error('dependency-cruiser answered with text, not a result');
  return output.summary.violations.map(describeViolation).sort();
}

async function knownViolations() {
  const known = JSON.parse(await readFile('.dependency-cruiser-known-violations.json', 'utf8')) as IViolation[];
  return known.map(describeViolation).sort();
}

describe('the floor plan', () => {
  it('is broken by no import beyond the known ones, and every known one is still there', async () => {
    const [now, known] = await Promise.all([violationsNow(), knownViolations()]);
    expect(now.filter((violation) => !known.includes(violation)), 'new violations').toEqual([]);
    expect(known.filter((violation) => !now.includes(violation)), 'fixed: run npm run lint:deps:baseline').toEqual([]);
  }, 60_000);
});
