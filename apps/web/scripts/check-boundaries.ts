// The web app's import rules, run by `npm run lint`: features do not import each other, the app layer
// composes them through their public entries, and the lower layers know nothing of the upper ones.
// A script rather than Biome's noRestrictedImports: that rule matches import strings, so it cannot say
// "any feature but the importer's own" without one override per feature (a new feature would slip
// through unchecked) and cannot see where a relative path like `../../cart/x` lands.
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export interface Violation {
  /** The importing file, relative to the checked source folder. */
  file: string;
  line: number;
  specifier: string;
  message: string;
}

type Layer =
  | { kind: 'app' }
  | { kind: 'feature'; name: string; rest: string }
  | { kind: 'components' }
  | { kind: 'lib' }
  | { kind: 'testing' }
  | { kind: 'unknown' };

const LAYERS =
  'app/ (and the entries main.tsx, entry-server.tsx), features/<name>/, components/, lib/, testing/';

/** Which layer a path (relative to src, forward slashes, no extension needed) belongs to. */
function layerOf(relative: string): Layer {
  const [top, second, ...rest] = relative.split('/');
  if (top === 'app' || /^(main|entry-server)\.tsx?$/.test(relative)) return { kind: 'app' };
  if (top === 'features' && second) return { kind: 'feature', name: second, rest: rest.join('/') };
  if (top === 'components') return { kind: 'components' };
  if (top === 'lib') return { kind: 'lib' };
  if (top === 'testing') return { kind: 'testing' };
  return { kind: 'unknown' };
}

const layerName = (layer: Layer) => (layer.kind === 'feature' ? `features/${layer.name}` : `${layer.kind}/`);

/** A feature's public entry: `@/features/<name>` (its index). */
const isPublicEntry = (rest: string) => /^(index(\.tsx?)?)?$/.test(rest);
/** A route module the router lazy-loads: `@/features/<name>/pages/<page>`. */
const isPage = (rest: string) => /^pages\/[^/]+$/.test(rest);
const isTestFile = (file: string) => /\.test\.tsx?$/.test(file);

/** Why importing `target` from `file` breaks the rules, or null when it is allowed. */
function problem(file: string, target: string, dynamic: boolean): string | null {
  const from = layerOf(file);
  const to = layerOf(target);
  if (to.kind === 'unknown') return `imports ${target}, which is outside the layers (${LAYERS})`;
  if (to.kind === 'testing') {
    return isTestFile(file) || from.kind === 'testing' ? null : 'imports testing/ outside a test';
  }
  switch (from.kind) {
    case 'app':
      if (to.kind !== 'feature') return null;
      if (isPublicEntry(to.rest)) return null;
      if (isPage(to.rest) && dynamic) return null;
      return isPage(to.rest)
        ? `imports the page ${target} statically: the router loads pages lazily with import()`
        : `reaches into ${target}: the app layer imports a feature only through its public entry @/features/${to.name}`;
    case 'feature':
      if (to.kind === 'feature' && to.name === from.name) return null;
      if (to.kind === 'feature') {
        return `features/${from.name} imports features/${to.name}: features do not import each other; compose them in app/`;
      }
      if (to.kind === 'app')
        return `features/${from.name} imports app/: features never depend on the app layer`;
      return null;
    case 'components':
      return to.kind === 'components' || to.kind === 'lib'
        ? null
        : `components/ imports ${layerName(to)}: shared pieces know nothing of features or the app`;
    case 'lib':
      return to.kind === 'lib' ? null : `lib/ imports ${layerName(to)}: lib/ depends on nothing above it`;
    case 'testing':
      return to.kind === 'lib'
        ? null
        : `testing/ imports ${layerName(to)}: test helpers stay feature-agnostic`;
    case 'unknown':
      return `is outside the layers (${LAYERS})`;
  }
}

interface ImportSite {
  specifier: string;
  line: number;
  dynamic: boolean;
}

/** Every module a file names: imports, re-exports, `import()` and `import('x').Type`, type-only ones included. */
function importsOf(fileName: string, text: string): ImportSite[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const sites: ImportSite[] = [];
  const add = (node: ts.Node, literal: ts.Node | undefined, dynamic: boolean) => {
    if (literal && ts.isStringLiteralLike(literal)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      sites.push({ specifier: literal.text, line, dynamic });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node, node.moduleSpecifier, false);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node, node.arguments[0], true);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node, node.argument.literal, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sites;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** Checks every .ts/.tsx file under `srcDir` (the app's `src`, where `@/` points). */
export function checkBoundaries(srcDir: string): Violation[] {
  const root = path.resolve(srcDir);
  const violations: Violation[] = [];
  for (const absolute of sourceFiles(root)) {
    const file = path.relative(root, absolute).split(path.sep).join('/');
    if (layerOf(file).kind === 'unknown') {
      violations.push({ file, line: 1, specifier: '', message: `is outside the layers (${LAYERS})` });
      continue;
    }
    for (const site of importsOf(absolute, readFileSync(absolute, 'utf8'))) {
      let targetPath: string;
      if (site.specifier.startsWith('@/')) targetPath = path.join(root, site.specifier.slice(2));
      else if (site.specifier.startsWith('.'))
        targetPath = path.resolve(path.dirname(absolute), site.specifier);
      else continue; // a package: its own rules apply
      if (/\.(css|svg|png|jpe?g|webp|json)$/.test(site.specifier)) continue; // an asset, not code
      const target = path.relative(root, targetPath).split(path.sep).join('/');
      const message = target.startsWith('..')
        ? 'reaches outside src/ by a relative path: import packages by name'
        : problem(file, target, site.dynamic);
      if (message) violations.push({ file, line: site.line, specifier: site.specifier, message });
    }
  }
  return violations;
}

// Real paths on both sides: argv[1] may pass through a symlink (macOS's /tmp), import.meta.url never does.
if (process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))) {
  const srcDir = process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../src');
  const violations = checkBoundaries(srcDir);
  for (const v of violations) {
    console.error(
      `${path.join(srcDir, v.file)}:${v.line}  ${v.specifier ? `'${v.specifier}' ` : ''}${v.message}`,
    );
  }
  if (violations.length > 0) {
    console.error(
      `\n${violations.length} import boundary violation(s); the rules are in docs/ARCHITECTURE.md.`,
    );
    process.exit(1);
  }
  console.log('Web import boundaries: OK');
}
