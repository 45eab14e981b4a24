// Next builds instrumentation.ts for the Edge runtime too, and follows every import it can reach
// there: Node start-up code reached that way prints a warning per Node API on the first `next dev`.
// Only an import inside `if (process.env.NEXT_RUNTIME === 'nodejs')` is dropped from the Edge build.
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

function importsOf(file: string) {
  const text = readFileSync(new URL(file, import.meta.url), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { specifier: string; static: boolean; nodeOnly: boolean }[] = [];
  const onNodeOnly = (node: ts.Node): boolean => {
    for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
      if (ts.isIfStatement(parent) && parent.thenStatement === child && parent.expression.getText(source) === "process.env.NEXT_RUNTIME === 'nodejs'") return true;
    }
    return false;
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
      found.push({ specifier: (node.moduleSpecifier as ts.StringLiteral).text, static: true, nodeOnly: false });
    }
    if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || node.expression.getText(source) === 'require')) {
      found.push({ specifier: node.arguments[0]!.getText(source), static: false, nodeOnly: onNodeOnly(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the Edge build of instrumentation.ts', () => {
  it('reaches no module: the start-up code is imported only on the Node runtime', () => {
    const imports = importsOf('./instrumentation.ts');
    expect(imports.filter((entry) => entry.static)).toEqual([]);
    expect(imports.filter((entry) => !entry.nodeOnly)).toEqual([]);
    expect(imports.map((entry) => entry.specifier)).toEqual(["'./instrumentation-node'"]);
  });
});
