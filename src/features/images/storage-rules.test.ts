import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const rules = readFileSync(new URL('../../../firebase/storage.rules', import.meta.url), 'utf8');
const src = new URL('../../', import.meta.url).pathname;

/** Every source file that runs in the browser ('use client' or under a client/ folder). */
function browserSources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return browserSources(path);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    const text = readFileSync(path, 'utf8');
    return /\/client\//.test(path) || text.startsWith("'use client'") ? [path] : [];
  });
}

describe('storage rules: library files are removed only through the server', () => {
  it('grants no delete (nor update) of library files to browsers: images.remove checks covers first', () => {
    expect(rules).not.toMatch(/allow[^:]*\b(delete|write)\b[^:]*:\s*if (?!false)/);
    const images = rules.slice(rules.indexOf('match /images/'), rules.indexOf('\n    }\n', rules.indexOf('match /images/')));
    expect(images).toMatch(/allow create: if /);
    expect(images).not.toMatch(/\bupdate\b/);
  });

  it('no browser code deletes from Firebase Storage', () => {
    const deleting = browserSources(src).filter((path) => /\bdeleteObject\b/.test(readFileSync(path, 'utf8')));
    expect(deleting).toEqual([]);
  });

  it('takes roles from users/{uid} in Firestore (not the token claim) and gives a disabled account nothing', () => {
    expect(rules).not.toMatch(/request\.auth\.token/);
    const userDoc = String.raw`/databases/(default)/documents/users/$(request.auth.uid)`;
    expect(rules).toContain(`return firestore.get(${userDoc}).data;`);
    const hasRole = /function hasRole\(roles\) \{\s*return ([^;]*);\s*\}/.exec(rules);
    expect(hasRole, 'storage.rules defines hasRole(roles)').not.toBeNull();
    const conditions = hasRole![1]!.split('&&').map((condition) => condition.trim());
    expect(conditions).toEqual(['request.auth != null', `firestore.exists(${userDoc})`, 'storedUser().disabled == false', 'storedUser().role in roles']);
    // Every grant asks for a stored role.
    for (const grant of rules.match(/allow [^:]+: if (?!false)[^;]*;/g) ?? []) expect(grant).toMatch(/hasRole\(\[/);
  });
});

describe('storage rules: one pending profile photo per person', () => {
  it('lets a person write only avatars/{their uid}/upload: a second file, or one of another name, is refused', () => {
    expect(rules.match(/match \/avatars\/\S*/g)).toEqual(['match /avatars/{uid}/upload']);
    const avatars = rules.slice(rules.indexOf('match /avatars/'), rules.indexOf('\n    }\n', rules.indexOf('match /avatars/')));
    // The next upload replaces the pending one; nothing else under the folder can be written.
    expect(avatars).toMatch(/allow create, update: if avatarsOpen\(\)/);
    expect(avatars).toContain('request.auth.uid == uid');
    expect(avatars).not.toMatch(/\b(delete|write)\b/);
  });
});
