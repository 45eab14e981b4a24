// One home for input schemas, generated from the router: every procedure that takes input takes a
// schema its feature exports from `<feature>.inputs.ts`, never one written inline in a router or
// kept beside a domain function (which then tends to parse it a second time). A new procedure is
// covered without a change here.
import { describe, expect, it } from 'vitest';
import { appRouter } from './router';

const INPUT_FILE = /\/features\/([^/]+)\/\1\.inputs\.ts$/;
const inputFiles = import.meta.glob<Record<string, unknown>>('/src/features/*/*.inputs.ts', { eager: true });

/** Each exported value of an inputs file, with the file that exports it. */
const homes = new Map<unknown, string>();
for (const [file, exports] of Object.entries(inputFiles)) for (const value of Object.values(exports)) homes.set(value, file);

type Procedure = { _def: { inputs: unknown[] } };
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, Procedure>);
const withInput = procedures.filter(([, procedure]) => procedure._def.inputs.length > 0);

describe('procedure inputs', () => {
  it('has inputs files named after their feature', () => {
    expect(Object.keys(inputFiles).length).toBeGreaterThan(0);
    for (const file of Object.keys(inputFiles)) expect(file).toMatch(INPUT_FILE);
  });

  it('has procedures with input to check', () => {
    expect(withInput.length).toBeGreaterThan(0);
  });

  for (const [path, procedure] of withInput) {
    it(`${path} takes one schema from an inputs file`, () => {
      expect(procedure._def.inputs).toHaveLength(1);
      expect(homes.get(procedure._def.inputs[0]), `${path}'s input is not exported by any <feature>.inputs.ts`).toBeDefined();
    });
  }
});
