// superjson's wire form, read without superjson when it carries only what the public programme
// does (Dates, and `undefined`): a signed-out visitor's phone then loads none of superjson for
// the live list (decision 027). Any other annotation (a Map, a BigInt, a shared reference...) is
// left to superjson itself, loaded only then, so the result is always what superjson would give.

/** superjson's output: the JSON, and where its values had types JSON lacks. */
export interface SuperJsonResult {
  json: unknown;
  meta?: { values?: Tree; referentialEqualities?: unknown; v?: number };
}

/** superjson's annotation tree: a leaf `[type]`, a node `[type, children]`, or children only. */
type Tree = [string, Record<string, Tree>?] | { [key: string]: Tree };

const READABLE = new Set(['Date', 'undefined']);

/** The value superjson would deserialize `result` to. */
export async function deserialize(result: SuperJsonResult): Promise<unknown> {
  const quick = readQuickly(result);
  if (quick.read) return quick.value;
  const { default: superjson } = await import('superjson');
  return superjson.deserialize(result as Parameters<typeof superjson.deserialize>[0]);
}

/** Reads `result` when it holds only Dates and `undefined`; `{ read: false }` otherwise. */
export function readQuickly(result: SuperJsonResult): { read: true; value: unknown } | { read: false } {
  const meta = result.meta;
  // Shared references need superjson, and so do paths before version 1 (written without escapes).
  if (meta?.referentialEqualities) return { read: false };
  if (!meta?.values) return { read: true, value: result.json };
  if ((meta.v ?? 0) < 1) return { read: false };
  const annotations: { path: string[]; type: string }[] = [];
  if (!collect(meta.values, [], annotations)) return { read: false };
  // Deepest first, as superjson applies them: a parent's type never sees its children's.
  annotations.sort((a, b) => b.path.length - a.path.length);
  let root = result.json;
  for (const { path, type } of annotations) {
    const revive = (value: unknown) => (type === 'Date' ? new Date(value as string) : undefined);
    if (path.length === 0) {
      root = revive(root);
      continue;
    }
    let parent = root as Record<string, unknown> | undefined;
    for (const key of path.slice(0, -1)) parent = parent?.[key] as Record<string, unknown> | undefined;
    if (typeof parent !== 'object' || parent === null) return { read: false };
    parent[path.at(-1)!] = revive(parent[path.at(-1)!]);
  }
  return { read: true, value: root };
}

function collect(tree: Tree, origin: string[], into: { path: string[]; type: string }[]): boolean {
  if (!Array.isArray(tree)) {
    return Object.entries(tree).every(([key, subtree]) => {
      const path = parsePath(key);
      return path !== undefined && collect(subtree, [...origin, ...path], into);
    });
  }
  const [type, children] = tree;
  if (children && !collect(children, origin, into)) return false;
  if (!READABLE.has(type)) return false;
  into.push({ path: origin, type });
  return true;
}

/** A dotted path with `\.` and `\\` escapes (superjson version 1 and later). */
function parsePath(text: string): string[] | undefined {
  const segments: string[] = [];
  let segment = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '\\') {
      const escaped = text[i + 1];
      if (escaped !== '.' && escaped !== '\\') return undefined;
      segment += escaped;
      i++;
    } else if (char === '.') {
      segments.push(segment);
      segment = '';
    } else {
      segment += char;
    }
  }
  segments.push(segment);
  return segments;
}
