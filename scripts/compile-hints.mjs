// Marks the scripts a page loads at its start for eager compilation (V8's explicit compile hints,
// decision 037). Runs after `next build` (npm run build). A browser compiles a script's functions
// only when they are first called, on the main thread, unless the script says all of them will
// be: then it compiles them while the script downloads, on another thread. The modules of the
// framework's and the pages' entry scripts all run while the page starts (Turbopack runs them
// during hydration), and compiling their code on the main thread then was the largest part of
// what blocked a phone. The comment must be the file's first line; a script that names
// a source map gets that map moved down one line. Marked files are left alone on a second run.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Every file under `folder` whose name ends with `suffix`. */
function filesUnder(folder, suffix) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The scripts some page loads at its start, relative to the build folder (`static/chunks/...`):
 * the framework's (rootMainFiles) and each layout's and page's entry scripts, as the build's
 * manifests list them.
 */
export function startScripts(buildFolder) {
  const scripts = new Set(JSON.parse(readFileSync(join(buildFolder, 'build-manifest.json'), 'utf8')).rootMainFiles);
  for (const file of filesUnder(join(buildFolder, 'server', 'app'), '_client-reference-manifest.js')) {
    const context = { globalThis: {} };
    runInNewContext(readFileSync(file, 'utf8'), context);
    for (const manifest of Object.values(context.globalThis.__RSC_MANIFEST ?? {})) {
      for (const entry of Object.values(manifest.entryJSFiles ?? {})) for (const script of entry) scripts.add(script);
    }
  }
  return [...scripts].filter((script) => script.endsWith('.js')).sort();
}

/** Adds the hint to one script (and shifts its source map); false when it already had it. */
export function markScript(path) {
  const code = readFileSync(path, 'utf8');
  if (code.startsWith(COMPILE_HINT)) return false;
  writeFileSync(path, COMPILE_HINT + code);
  const map = /\/\/# sourceMappingURL=([^\s]+)\s*$/.exec(code)?.[1];
  const mapPath = map && !map.startsWith('data:') ? join(dirname(path), map) : null;
  if (mapPath && existsSync(mapPath)) {
    const sourceMap = JSON.parse(readFileSync(mapPath, 'utf8'));
    // Each ';' in the mappings starts the next generated line: one more line at the top.
    sourceMap.mappings = `;${sourceMap.mappings}`;
    writeFileSync(mapPath, JSON.stringify(sourceMap));
  }
  return true;
}

function main() {
  const buildFolder = join(dirname(fileURLToPath(import.meta.url)), '..', '.next');
  const scripts = startScripts(buildFolder);
  let marked = 0;
  let bytes = 0;
  for (const script of scripts) {
    const path = join(buildFolder, script);
    if (!existsSync(path)) throw new Error(`${relative(process.cwd(), path)} is named by the build's manifests but missing: build again`);
    if (markScript(path)) marked++;
    bytes += statSync(path).size;
  }
  console.log(`Compile hints: ${scripts.length} start scripts (${Math.round(bytes / 1024)} kB), ${marked} marked now.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
