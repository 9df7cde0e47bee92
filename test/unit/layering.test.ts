/**
 * The layering of `src/`, checked by reading every file's imports with the TypeScript parser (issue 32 item 6):
 * - the privacy core imports no browser API, DOM, Dexie or model runtime, so it runs the same in Node, the CLI
 *   and the extension (docs/STYLE: "Browser-facing code reaches it through small interfaces");
 * - content scripts do not import the background's services or handlers;
 * - `src/core` imports nothing of ours;
 * - no cycle among the folders of `src/`, and none among its files;
 * Where the code breaks a rule today, the exceptions are listed below and the test checks the list is exact:
 * a fix that removes one fails here until its line is deleted, so the rules only tighten.
 * Type-only imports count: they tie a file to the other's declarations just the same.
 */
import ts from 'typescript';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The folders of the privacy core: mechanisms, public planning, ledger, release, memory views, shared types, detection, scoring, domains. */
const PRIVACY_CORE = ['core', 'crossmap', 'domains', 'dp', 'ledger', 'memview', 'planning', 'release', 'scoring'];
/** Packages that need a browser, a page or a model runtime. */
const BROWSER_PACKAGES =
  /^(wxt|#imports|dexie|preact|webextension-polyfill|@webext-core|onnxruntime-(web|node|common)|@huggingface\/transformers|@tiptap|prosemirror-|quill)(\/|$)/;
/** Our folders that are browser-facing (extension APIs, Dexie, the DOM, a model runtime). */
const BROWSER_FOLDERS = ['content', 'embedding', 'extension', 'messaging', 'model-host', 'sites', 'storage', 'ui'];
/** Globals of the extension and the page; a file that declares a local of the same name is not using them. */
const BROWSER_GLOBALS = new Set(['browser', 'chrome', 'document', 'window', 'navigator', 'localStorage', 'sessionStorage', 'indexedDB']);
/** The background's services and handlers, which content scripts reach only through messages. */
const BACKGROUND_SERVICES = /^extension\/(.*-service|handlers)\.ts$/;

// Today's exceptions, `file → import` exactly as written. Delete a line when its import goes.
/** The privacy core's browser imports: crossmap holds a model runtime (issue 32: "crossmap holds five jobs"). */
const CORE_BROWSER_ALLOWED = [
  'crossmap/tagger/node.ts → onnxruntime-node',
  'crossmap/text-generator.ts → ../embedding/transformers-embedder',
  'crossmap/text-generator.ts → @huggingface/transformers',
];
/** `src/core` importing anything of ours: none (the stored settings, which need the site registry, are src/settings/). */
const CORE_OWN_ALLOWED: string[] = [];
/** Content importing the background's services: none (the commands both sides share are src/messaging/to-content.ts). */
const CONTENT_SERVICES_ALLOWED: string[] = [];
/** Cycles among folders, each as its sorted folders: none. */
const CYCLES_ALLOWED: string[][] = [];

const SRC = resolve('src');

type Import = { file: string; spec: string; folder: string | undefined; target: string | undefined; typeOnly: boolean };
type SourceFile = { file: string; folder: string; imports: Import[]; globals: Set<string> };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The file's imports (static, dynamic, re-exports, `import('…')` types) and the browser globals it reads. */
function read(path: string): SourceFile {
  const file = relative(SRC, path).split('\\').join('/');
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const imports: Import[] = [];
  const used = new Set<string>();
  const declared = new Set<string>();
  const add = (spec: string, typeOnly = false) => {
    let target: string | undefined;
    if (spec.startsWith('.')) {
      const rel = relative(SRC, resolve(dirname(path), spec))
        .split('\\')
        .join('/');
      target = rel.startsWith('..') ? undefined : rel;
    }
    imports.push({ file, spec, folder: target?.split('/')[0], target, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
      add(node.moduleSpecifier.text, erased(node));
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      add(node.arguments[0].text);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal))
      add(node.argument.literal.text, true);
    if ((ts.isVariableDeclaration(node) || ts.isParameter(node) || ts.isBindingElement(node)) && ts.isIdentifier(node.name)) declared.add(node.name.text);
    if (ts.isIdentifier(node) && BROWSER_GLOBALS.has(node.text)) {
      const parent = node.parent;
      const isMemberName = (ts.isPropertyAccessExpression(parent) && parent.name === node) || (ts.isPropertyAssignment(parent) && parent.name === node);
      if (!isMemberName) used.add(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { file, folder: file.split('/')[0]!, imports, globals: new Set([...used].filter((name) => !declared.has(name))) };
}

/** Whether an import or export declaration is gone from the built code (`import type`, or only type specifiers). */
function erased(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node))
    return node.isTypeOnly || (!!node.exportClause && ts.isNamedExports(node.exportClause) && node.exportClause.elements.every((e) => e.isTypeOnly));
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import runs
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return !clause.name && !!named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
}

const files = sourceFiles(SRC).map(read);

/** Every file of src/ that loading `entry` runs (type-only imports left out), as paths relative to src/. */
function runtimeClosure(entry: string): Set<string> {
  const byModule = new Map(files.map((f) => [f.file.replace(/\.tsx?$/, ''), f]));
  const seen = new Set<string>();
  const queue = read(resolve(entry)).imports;
  while (queue.length > 0) {
    const i = queue.pop()!;
    const f = i.typeOnly || i.target === undefined ? undefined : byModule.get(i.target.replace(/\.tsx?$/, ''));
    if (!f || seen.has(f.file)) continue;
    seen.add(f.file);
    queue.push(...f.imports);
  }
  return seen;
}
const show = (i: Import) => `${i.file} → ${i.spec}`;

describe('layering of src/', () => {
  it('reads the tree', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.folder === 'core')).toBe(true);
  });

  it('the privacy core imports no browser API, DOM, Dexie or model runtime (exceptions listed exactly)', () => {
    const core = files.filter((f) => PRIVACY_CORE.includes(f.folder));
    const imports = core
      .flatMap((f) => f.imports)
      .filter((i) => (i.folder === undefined ? BROWSER_PACKAGES.test(i.spec) : BROWSER_FOLDERS.includes(i.folder)))
      .filter((i) => !(i.file.startsWith('core/') && CORE_OWN_ALLOWED.includes(show(i))));
    expect(imports.map(show).sort()).toEqual([...CORE_BROWSER_ALLOWED].sort());
    expect(core.filter((f) => f.globals.size > 0).map((f) => `${f.file}: ${[...f.globals].sort().join(', ')}`)).toEqual([]);
  });

  it('content scripts do not import the background’s services or handlers (exceptions listed exactly)', () => {
    const imports = files
      .filter((f) => f.folder === 'content')
      .flatMap((f) => f.imports)
      .filter((i) => i.target !== undefined && BACKGROUND_SERVICES.test(`${i.target}.ts`.replace(/\.ts\.ts$/, '.ts')));
    expect(imports.map(show).sort()).toEqual([...CONTENT_SERVICES_ALLOWED].sort());
  });

  it('src/core imports nothing of ours (exceptions listed exactly)', () => {
    const imports = files.filter((f) => f.folder === 'core').flatMap((f) => f.imports.filter((i) => i.folder !== undefined && i.folder !== 'core'));
    expect(imports.map(show).sort()).toEqual([...CORE_OWN_ALLOWED].sort());
  });

  it('Veil’s framed pages load no message schemas: the frame opens on every send, and the contract would build them all first', () => {
    for (const page of ['review', 'compose', 'restore']) {
      const loaded = [...runtimeClosure(`entrypoints/${page}/main.tsx`)];
      expect(loaded.length, page).toBeGreaterThan(5);
      expect(
        loaded.filter((f) => f === 'messaging/contract.ts' || f.startsWith('messaging/messages/')),
        page,
      ).toEqual([]);
    }
  });

  it('the content scripts carry no detector: they run in every chat page, and protecting is the background’s', () => {
    for (const script of ['chat', 'generic']) {
      const loaded = [...runtimeClosure(`entrypoints/${script}.content.ts`)];
      expect(loaded.length, script).toBeGreaterThan(5);
      expect(
        loaded.filter((f) => ['crossmap/detect.ts', 'crossmap/protect.ts', 'crossmap/long.ts'].includes(f) || f.startsWith('crossmap/tagger/')),
        script,
      ).toEqual([]);
    }
  });

  it('no import cycle between the files of src/ (type-only imports included): every arrow points one way', () => {
    const byModule = new Map(files.map((f) => [f.file.replace(/\.tsx?$/, ''), f.file]));
    const edges = new Map<string, Set<string>>();
    for (const f of files) {
      for (const i of f.imports) {
        const to = i.target === undefined ? undefined : byModule.get(i.target.replace(/\.tsx?$/, ''));
        if (to && to !== f.file) edges.set(f.file, (edges.get(f.file) ?? new Set()).add(to));
      }
    }
    expect(stronglyConnected(edges)).toEqual([]);
  });

  it('no cycle among the folders of src/ (exceptions listed exactly)', () => {
    const edges = new Map<string, Set<string>>();
    for (const f of files)
      for (const i of f.imports) if (i.folder && i.folder !== f.folder) edges.set(f.folder, (edges.get(f.folder) ?? new Set()).add(i.folder));
    expect(stronglyConnected(edges)).toEqual(CYCLES_ALLOWED.map((c) => [...c].sort()).sort());
  });
});

/** Tarjan's strongly connected components with more than one folder: each a cycle, as sorted folder names. */
function stronglyConnected(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) connect(v);
  return found.sort();
}
