import { describe, expect, it } from 'vitest';
import type { Messages } from 'next-intl';
import en from './messages/en.json';
import de from './messages/de.json';
import { pickClientMessages, SHELL_NAMESPACES } from './pick-messages';

describe('pickClientMessages', () => {
  it.each([
    ['en', en],
    ['de', de],
  ])('gives a public page (%s) the shell without the API refusals', (_, messages) => {
    const picked = pickClientMessages(messages as Messages);
    expect(Object.keys(picked).sort()).toEqual([...SHELL_NAMESPACES].sort());
    expect(picked.Errors).not.toHaveProperty('reasons');
    expect(picked.Errors?.notFoundTitle).toBe(messages.Errors.notFoundTitle);
    expect(picked.Errors?.network).toBe(messages.Errors.network);
    expect(JSON.stringify(picked).length).toBeLessThan(JSON.stringify(pickClientMessages(messages as Messages, ['Pass'])).length - 3_000);
  });

  it('gives a page with its own namespaces the shell, those, and the API refusals', () => {
    const picked = pickClientMessages(en as Messages, ['Scanner', 'Forms']);
    expect(Object.keys(picked).sort()).toEqual([...SHELL_NAMESPACES, 'Scanner', 'Forms'].sort());
    expect(picked.Errors).toEqual(en.Errors);
    expect(picked.Scanner).toEqual(en.Scanner);
    expect(en.Errors.reasons).toBeDefined();
  });

  it('leaves the messages it was given unchanged', () => {
    const before = JSON.stringify(en);
    pickClientMessages(en as Messages);
    expect(JSON.stringify(en)).toBe(before);
  });
});
