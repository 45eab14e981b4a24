import { describe, expect, it } from 'vitest';
import en from './messages/en.json';
import de from './messages/de.json';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('messages', () => {
  const english = leaves(en as Tree);
  const german = leaves(de as Tree);

  it('has the same keys in English and German', () => {
    expect([...german.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('has no empty texts', () => {
    for (const [key, text] of [...english, ...german]) expect(text.trim(), key).not.toBe('');
  });

  it('uses the same placeholders in both languages', () => {
    for (const [key, text] of english) expect(placeholders(german.get(key) ?? ''), key).toEqual(placeholders(text));
  });

  it('keeps the exact strings of the specification', () => {
    expect(en.Errors.notFoundTitle).toBe('Page Not Found');
    expect(en.Errors.notFoundMessage).toBe('Page not found: {path}');
    expect(en.Errors.serverErrorTitle).toBe('Internal Server Error');
    expect(en.Forms).toMatchObject({
      required: 'This field is required',
      email: 'Please enter a valid email',
      numeric: 'This field can only contain numbers',
      format: 'Invalid format',
    });
    expect(en.Auth.errors.invalidLink).toBe('Invalid sign-in link');
    expect(en.Auth.errors.emailRequired).toBe('Email is required');
    expect(en.Auth.confirm.prompt).toBe('Please provide your email for confirmation');
  });

  it('translates the German texts rather than copying the English ones', () => {
    const same = [...english].filter(([key, text]) => german.get(key) === text && text.length > 12 && !/^[©+]/.test(text));
    // Addresses, names and pixel sizes are the same in both languages; everything longer is not.
    expect(same.map(([key]) => key)).toEqual(['Footer.address', 'Home.eyebrow', 'AdminImages.dimensions']);
  });
});
