// One signature for domain functions (architecture.md, decision 045): a function a procedure calls
// takes its ports, then the acting person as the verified `Identity` (never their uid), then the
// procedure's parsed input whole (never its fields one by one), then `now`. Read from the routers'
// source with the TypeScript compiler, so a new procedure is checked without a change here: in
// every handler, each call of a function imported from a feature module is looked at, and a
// mutation someone signed in makes hands its domain function who made it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { appRouter } from './router';

/**
 * Called by a procedure, but not a procedure's domain function: each says why.
 * - deliverNotification: the delivery machinery, which the scheduler starts by a notification's id
 *   as well; `notifications.sendNow` hands its input whole to sendNotificationNow first.
 */
const NOT_DOMAIN_FUNCTIONS = new Set(['deliverNotification']);

/**
 * Off the signature when this test was written, each with why it waits. A known one that is fixed
 * fails the test until it is taken off this list, so the list only shrinks (as the floor plan's
 * known violations did).
 */
const KNOWN: Record<string, string> = {};

const HANDLERS = new Set(['query', 'mutation', 'subscription']);

interface Handler {
  /** `file procedure`, as a finding names it. */
  where: string;
}

interface Checked {
  handlers: Handler[];
  findings: string[];
}

/** `a.b.c` for a chain of names (non-null assertions and parentheses ignored), else null. */
function chain(node: ts.Expression): string | null {
  if (ts.isNonNullExpression(node) || ts.isParenthesizedExpression(node)) return chain(node.expression);
  if (ts.isIdentifier(node)) return node.text;
  if (node.kind === ts.SyntaxKind.ThisKeyword) return 'this';
  if (ts.isPropertyAccessExpression(node)) {
    const object = chain(node.expression);
    return object === null ? null : `${object}.${node.name.text}`;
  }
  return null;
}

/** The names a router imports as values from feature modules (not from an inputs file): its domain functions. */
function domainImports(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const from = statement.moduleSpecifier.text;
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly || !/^(\.\/|\.\.\/|@\/features\/)/.test(from) || /\.inputs$/.test(from)) continue;
    if (clause.name) names.add(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) if (!element.isTypeOnly) names.add(element.name.text);
  }
  return names;
}

/** The trust level a procedure is built on: the name at the root of `admin.input(…).mutation`. */
function builderRoot(node: ts.Expression): string | null {
  let current = node;
  while (ts.isPropertyAccessExpression(current) || ts.isCallExpression(current)) current = current.expression;
  return ts.isIdentifier(current) ? current.text : null;
}

/** Where `input.x` is read in an argument, not counting calls made inside it (those are checked themselves). */
function readsInputField(argument: ts.Expression, input: string, pathOf: (node: ts.Expression) => string | null): string | null {
  let found: string | null = null;
  const visit = (node: ts.Node) => {
    if (found) return;
    if (ts.isCallExpression(node) || ts.isFunctionLike(node)) return;
    if ((ts.isPropertyAccessExpression(node) || ts.isIdentifier(node)) && pathOf(node)?.startsWith(`${input}.`)) {
      found = pathOf(node);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(argument);
  return found;
}

/**
 * The names a handler gives to parts of the person or the input (`const uid = ctx.identity.uid`,
 * `const { id } = input`), with the part each stands for, so an argument named so is seen as what it is.
 */
function partAliases(body: ts.Node, parts: readonly string[]): Map<string, string> {
  const aliases = new Map<string, string>();
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && node.initializer) {
      const from = chain(node.initializer);
      if (from !== null && ts.isIdentifier(node.name) && parts.some((part) => from.startsWith(`${part}.`))) aliases.set(node.name.text, from);
      if (from !== null && ts.isObjectBindingPattern(node.name) && parts.includes(from)) {
        for (const element of node.name.elements) {
          if (ts.isIdentifier(element.name)) aliases.set(element.name.text, `${from}.${element.propertyName?.getText() ?? element.name.text}`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(body);
  return aliases;
}

/** `inboxRouter.markRead`: the router's variable (or function) and the procedure's key. */
function procedureName(call: ts.Node): string {
  let key: string | null = null;
  for (let node: ts.Node | undefined = call.parent; node; node = node.parent) {
    if (key === null && ts.isPropertyAssignment(node)) key = node.name.getText();
    if ((ts.isVariableDeclaration(node) || ts.isFunctionDeclaration(node)) && node.name && ts.isIdentifier(node.name)) return `${node.name.text}.${key ?? '(unnamed)'}`;
  }
  return key ?? '(unnamed)';
}

/** Checks every procedure handler of one router module. */
export function checkRouter(file: string, text: string): Checked {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const domain = domainImports(source);
  const handlers: Handler[] = [];
  const findings: string[] = [];

  const checkHandler = (call: ts.CallExpression, callee: ts.PropertyAccessExpression, handler: ts.ArrowFunction | ts.FunctionExpression) => {
    const where = `${file} ${procedureName(call)}`;
    handlers.push({ where });
    const options = handler.parameters[0];
    const bound = new Map<string, string>();
    const whole = options && ts.isObjectBindingPattern(options.name) && options.name.elements.every((element) => ts.isIdentifier(element.name));
    if (options && whole && ts.isObjectBindingPattern(options.name)) {
      for (const element of options.name.elements) {
        if (ts.isIdentifier(element.name)) bound.set(element.propertyName?.getText() ?? element.name.text, element.name.text);
      }
    } else if (options) {
      findings.push(`${where}: the handler does not name its options as { ctx, input }, so the check cannot read it`);
      return;
    }
    const ctx = bound.get('ctx');
    const input = bound.get('input');
    const aliases = partAliases(handler.body, [...(ctx ? [`${ctx}.identity`] : []), ...(input ? [input] : [])]);
    const pathOf = (node: ts.Expression) => (ts.isIdentifier(node) && aliases.get(node.text)) || chain(node);
    let actorHandedOver = false;

    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && domain.has(node.expression.text) && !NOT_DOMAIN_FUNCTIONS.has(node.expression.text)) {
        const name = node.expression.text;
        let identityAt = -1;
        let inputAt = -1;
        node.arguments.forEach((argument, index) => {
          const path = pathOf(argument);
          if (ctx && path === `${ctx}.identity`) identityAt = index;
          else if (ctx && path?.startsWith(`${ctx}.identity.`)) findings.push(`${where}: ${name} takes ${path}, a part of the person where the Identity belongs`);
          if (input && path === input) inputAt = index;
          const field = input ? readsInputField(argument, input, pathOf) : null;
          if (field) findings.push(`${where}: ${name} takes ${field}, the input taken apart instead of whole`);
        });
        if (identityAt >= 0) actorHandedOver = true;
        if (identityAt >= 0 && inputAt >= 0 && inputAt < identityAt) findings.push(`${where}: ${name} takes the input before the Identity`);
      }
      ts.forEachChild(node, visit);
    };
    visit(handler.body);

    if (callee.name.text === 'mutation' && builderRoot(callee.expression) !== 'publicProcedure' && !actorHandedOver) {
      findings.push(`${where}: a signed-in mutation that hands its domain function no Identity, so it cannot record who acted`);
    }
  };

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && HANDLERS.has(node.expression.name.text)) {
      const handler = node.arguments[0];
      if (handler && (ts.isArrowFunction(handler) || ts.isFunctionExpression(handler))) checkHandler(node, node.expression, handler);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { handlers, findings };
}

const ROOT = join(import.meta.dirname, '..', '..', '..');
const routerFiles = readdirSync(join(ROOT, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((feature) =>
    readdirSync(join(ROOT, 'src/features', feature.name))
      .filter((name) => name.endsWith('.router.ts'))
      .map((name) => `src/features/${feature.name}/${name}`),
  );
const checked = routerFiles.map((file) => ({ file, ...checkRouter(file, readFileSync(join(ROOT, file), 'utf8')) }));

describe('the domain functions’ signature', () => {
  it('is read from every procedure the app serves', () => {
    const handlers = checked.flatMap((router) => router.handlers);
    expect(handlers.length).toBe(Object.keys(appRouter._def.procedures).length);
  });

  for (const { file, findings } of checked) {
    it(`holds in ${file}`, () => {
      expect(findings.filter((finding) => !(finding in KNOWN))).toEqual([]);
    });
  }

  it('lists as known only what is still off it', () => {
    const found = new Set(checked.flatMap((router) => router.findings));
    expect(Object.keys(KNOWN).filter((finding) => !found.has(finding)), 'fixed: take them off KNOWN').toEqual([]);
  });

  it('fails a router that passes a uid, takes its input apart, puts it first or records no actor', () => {
    const broken = `
      import { roleProcedure, publicProcedure, router } from '@/server/trpc/init';
      import { limitRate } from '@/server/http/rate-limit';
      import { markRead, removeImage, cancel, ticketFor } from './domain';
      import { IdInput } from './things.inputs';
      const admin = roleProcedure('admin');
      export const thingsRouter = router({
        read: admin.input(IdInput).mutation(async ({ ctx, input }) => {
          await limitRate('reads', ctx.identity.uid);
          return markRead(ctx.documents, ctx.identity.uid, input);
        }),
        remove: admin.input(IdInput).mutation(({ ctx, input: given }) => removeImage(ctx.documents, ctx.identity, { id: given.id })),
        swapped: admin.input(IdInput).mutation(({ ctx, input }) => markRead(ctx.documents, input, ctx.identity)),
        cancel: admin.input(IdInput).mutation(({ ctx, input }) => cancel(ctx.documents, input)),
        ticket: publicProcedure.input(IdInput).mutation(({ ctx, input }) => ticketFor(ctx.documents, input)),
        whole: admin.mutation((options) => cancel(options.ctx.documents, options.ctx.identity)),
        nested: admin.input(IdInput).mutation(({ ctx, input: { id } }) => cancel(ctx.documents, ctx.identity, id)),
        renamed: admin.input(IdInput).query(async ({ ctx, input }) => {
          const uid = ctx.identity.uid;
          const { id } = input;
          return ticketFor(ctx.documents, uid, { id });
        }),
      });
    `;
    expect(checkRouter('things.router.ts', broken).findings).toEqual([
      'things.router.ts thingsRouter.read: markRead takes ctx.identity.uid, a part of the person where the Identity belongs',
      'things.router.ts thingsRouter.read: a signed-in mutation that hands its domain function no Identity, so it cannot record who acted',
      'things.router.ts thingsRouter.remove: removeImage takes given.id, the input taken apart instead of whole',
      'things.router.ts thingsRouter.swapped: markRead takes the input before the Identity',
      'things.router.ts thingsRouter.cancel: a signed-in mutation that hands its domain function no Identity, so it cannot record who acted',
      'things.router.ts thingsRouter.whole: the handler does not name its options as { ctx, input }, so the check cannot read it',
      'things.router.ts thingsRouter.nested: the handler does not name its options as { ctx, input }, so the check cannot read it',
      'things.router.ts thingsRouter.renamed: ticketFor takes ctx.identity.uid, a part of the person where the Identity belongs',
      'things.router.ts thingsRouter.renamed: ticketFor takes input.id, the input taken apart instead of whole',
    ]);
  });
});
