// `import 'server-only'` makes the build fail when browser code reaches a server module. It is
// written on every feature module the app loads on the server alone, and on none that browser code
// or the end-to-end tests load (Playwright and the browser resolve it to the module that throws).
// The graph follows value imports only: `import type` never reaches the browser.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(specifier: string, from: string): string | null {
  const base = specifier.startsWith('@/') ? join('src', specifier.slice(2)) : specifier.startsWith('.') ? join(dirname(from), specifier) : null;
  if (base === null) return null;
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) => /\.tsx?$/.test(path) && existsSync(join(ROOT, path))) ?? null;
}

function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const typesOnly = clause?.isTypeOnly || (!clause?.name && bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly));
      if (!typesOnly) specifiers.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      specifiers.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0]!)) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers.flatMap((specifier) => resolveImport(specifier, file) ?? []);
}

const files = [...sourceFiles('src').filter((file) => !/\.test\.tsx?$/.test(file)), ...sourceFiles('e2e')];
const imports = new Map(files.map((file) => [file, valueImports(file)]));
const text = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const isServerOnly = (file: string) => /^import 'server-only';$/m.test(text(file));

function reachedFrom(roots: readonly string[]): Set<string> {
  const reached = new Set<string>();
  const pending = [...roots];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (reached.has(file)) continue;
    reached.add(file);
    pending.push(...(imports.get(file) ?? valueImports(file)));
  }
  return reached;
}

const browser = reachedFrom([
  ...files.filter((file) => /^\s*['"]use client['"]/.test(text(file))),
  'src/features/pwa/sw.ts',
  'src/instrumentation-client.ts',
]);
const endToEnd = reachedFrom(files.filter((file) => file.startsWith('e2e/')));
// The app's test helpers (src/app/_server/test-*.ts) run only in tests, which load no server bundle.
const server = reachedFrom(files.filter((file) => (file.startsWith('src/app/') && !/\/test-[^/]+\.tsx?$/.test(file)) || ['src/proxy.ts', 'src/instrumentation.ts'].includes(file)));

describe("modules that say 'server-only'", () => {
  it('include every feature module outside ui/ and client/ that the server loads and the browser does not', () => {
    const featureModules = [...server].filter((file) => /^src\/features\/[^/]+\/[^/]+\.tsx?$/.test(file));
    const serverAlone = featureModules.filter((file) => !browser.has(file) && !endToEnd.has(file));
    expect(serverAlone.filter((file) => !isServerOnly(file))).toEqual([]);
    // The graph found them: an import it failed to follow would shrink this list and pass vacuously.
    expect(serverAlone.length).toBeGreaterThan(30);
  });

  it('include none that browser code or the end-to-end tests load', () => {
    expect([...browser, ...endToEnd].filter((file) => file.startsWith('src/') && isServerOnly(file))).toEqual([]);
  });
});
