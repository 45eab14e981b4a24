// Where rendered image renditions are kept (issue 47): on this server's disk up to a size, the
// least recently served evicted first, and on Firebase optionally in Cloud Storage as well, so
// that every instance renders a picture at a width once rather than once per instance.
import 'server-only';
import { log } from '@/server/log';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { env } from '@/server/env';
import { getFiles } from '@/server/files/files';
import { isFilesError, type Files, type FileUse } from '@/server/files/port';

/** A rendition's file name: the image, the generation of its original (a new upload is a new name), the width. */
export function renditionName(id: string, generation: string, width: number): string {
  return `${id}-${generation}-${width}.webp`;
}

/**
 * Renditions on the local disk, at most `maxBytes` of them. The order of last use is kept in
 * memory (a Map in least-recently-used order) and rebuilt from the files' times at the first use
 * after a start; a file written by an earlier run counts from then on.
 */
export class DiskRenditions {
  /** name → bytes, least recently used first; null until the folder was read. */
  private entries: Map<string, number> | null = null;
  private loading: Promise<Map<string, number>> | null = null;
  private total = 0;

  constructor(
    readonly dir: string,
    readonly maxBytes: number,
  ) {}

  /** Bytes held now (after the folder was read). */
  get size(): number {
    return this.total;
  }

  async get(name: string): Promise<Uint8Array | null> {
    if (this.maxBytes === 0) return null;
    const entries = await this.load();
    const size = entries.get(name);
    if (size === undefined) return null;
    try {
      const bytes = new Uint8Array(await readFile(join(this.dir, name)));
      entries.delete(name);
      entries.set(name, size);
      return bytes;
    } catch {
      // Gone behind our back (someone cleaned the folder): forget it, it is rendered again.
      this.forget(entries, name);
      return null;
    }
  }

  async put(name: string, bytes: Uint8Array): Promise<void> {
    if (this.maxBytes === 0 || bytes.byteLength > this.maxBytes) return;
    const entries = await this.load();
    await mkdir(this.dir, { recursive: true });
    const file = join(this.dir, name);
    const temporary = `${file}.${crypto.randomUUID()}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, file);
    this.forget(entries, name);
    entries.set(name, bytes.byteLength);
    this.total += bytes.byteLength;
    while (this.total > this.maxBytes) {
      const oldest = entries.keys().next().value!;
      this.forget(entries, oldest);
      await unlink(join(this.dir, oldest)).catch(() => {});
    }
  }

  private forget(entries: Map<string, number>, name: string): void {
    const size = entries.get(name);
    if (size === undefined) return;
    entries.delete(name);
    this.total -= size;
  }

  private load(): Promise<Map<string, number>> {
    if (this.entries) return Promise.resolve(this.entries);
    this.loading ??= this.scan().then((entries) => {
      this.entries = entries;
      return entries;
    });
    return this.loading;
  }

  /** The folder as it is, oldest use first; temporary files of an interrupted write are removed. */
  private async scan(): Promise<Map<string, number>> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const files: { name: string; size: number; used: number }[] = [];
    for (const name of names) {
      if (name.endsWith('.tmp')) {
        await unlink(join(this.dir, name)).catch(() => {});
        continue;
      }
      const facts = await stat(join(this.dir, name)).catch(() => null);
      if (facts?.isFile()) files.push({ name, size: facts.size, used: Math.max(facts.atimeMs, facts.mtimeMs) });
    }
    files.sort((a, b) => a.used - b.used);
    const entries = new Map(files.map((file) => [file.name, file.size] as const));
    this.total = files.reduce((sum, file) => sum + file.size, 0);
    // A smaller bound than the last run's: the oldest go now.
    while (this.total > this.maxBytes) {
      const oldest = entries.keys().next().value!;
      this.forget(entries, oldest);
      await unlink(join(this.dir, oldest)).catch(() => {});
    }
    return entries;
  }
}

/** The bucket's folder of shared renditions: written by the server only (storage.rules let no browser in). */
export const RENDITION_FILES: FileUse = { name: 'renditions', folder: 'renditions', maxBytes: 20 * 1024 * 1024, contentTypes: ['image/webp'] };

/** Renditions every instance shares, in the files store (Cloud Storage) under renditions/. */
export class StoredRenditions {
  constructor(private readonly files: Files) {}

  async get(name: string): Promise<Uint8Array | null> {
    try {
      return (await this.files.read(`${RENDITION_FILES.folder}/${name}`)).bytes;
    } catch (error) {
      if (isFilesError(error, 'object-not-found')) return null;
      throw error;
    }
  }

  async put(name: string, bytes: Uint8Array): Promise<void> {
    await this.files.put(RENDITION_FILES, `${RENDITION_FILES.folder}/${name}`, bytes, { contentType: 'image/webp' });
  }
}

/**
 * A rendition from the nearest place that has it (this disk, then the shared store), else
 * rendered, kept in both, and served. Renders of one rendition asked for at once share one render.
 */
export class RenditionCache {
  private readonly rendering = new Map<string, Promise<Uint8Array>>();

  constructor(
    private readonly disk: DiskRenditions,
    private readonly shared: StoredRenditions | null,
  ) {}

  get(name: string, render: () => Promise<Uint8Array>): Promise<Uint8Array> {
    let pending = this.rendering.get(name);
    if (!pending) {
      pending = this.find(name, render).finally(() => this.rendering.delete(name));
      this.rendering.set(name, pending);
    }
    return pending;
  }

  private async find(name: string, render: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const local = await this.disk.get(name);
    if (local) return local;
    const stored = await this.shared?.get(name).catch((error: unknown) => {
      // The shared copy is a saving, not a need: render instead.
      log.error({ err: error, rendition: name }, 'Reading a shared rendition failed; rendering it here');
      return null;
    });
    if (stored) {
      await this.disk.put(name, stored);
      return stored;
    }
    const rendered = await render();
    await Promise.all([
      this.disk.put(name, rendered),
      this.shared?.put(name, rendered).catch((error: unknown) => log.error({ err: error, rendition: name }, 'Keeping a shared rendition failed; the next instance renders it too')),
    ]);
    return rendered;
  }
}

const holder = globalThis as typeof globalThis & { __venueRenditions?: RenditionCache };

/** The process's rendition cache, as RENDITION_CACHE_MB and RENDITION_CACHE say. */
export function renditionCache(): RenditionCache {
  holder.__venueRenditions ??= new RenditionCache(
    new DiskRenditions(join(env.DATA_DIR, 'cache', 'renditions'), env.RENDITION_CACHE_MB * 1024 * 1024),
    env.RENDITION_CACHE === 'storage' ? new StoredRenditions(getFiles()) : null,
  );
  return holder.__venueRenditions;
}
