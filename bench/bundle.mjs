// Prints the gzipped JavaScript the home route loads and checks it against the
// 150 KB budget. Reads the last build (apps/web/dist); builds nothing itself.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const HOME_PAGE = 'src/features/catalogue/pages/home-page.tsx';
const ADMIN_PREFIX = 'src/features/admin/';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');

if (!existsSync(manifestPath)) {
  console.error('No build manifest at apps/web/dist/.vite/manifest.json: run `npm run build` first.');
  process.exit(1);
}

/** @type {Record<string, { file: string, src?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('The manifest names no entry chunk.');
if (!manifest[HOME_PAGE]) throw new Error(`The manifest has no chunk for ${HOME_PAGE}.`);

/** A chunk and everything it imports statically (what the browser fetches before running it). */
function withStaticImports(key, seen = new Map()) {
  if (seen.has(key)) return seen;
  seen.set(key, manifest[key]);
  for (const dep of manifest[key].imports ?? []) withStaticImports(dep, seen);
  return seen;
}

const chunks = withStaticImports(HOME_PAGE, withStaticImports(entryKey));
const sizeOf = (file) => {
  const bytes = readFileSync(path.join(dist, file));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const kb = (n) => (n / 1024).toFixed(1).padStart(7);

const rows = [...chunks].map(([key, chunk]) => ({ key, file: chunk.file, ...sizeOf(chunk.file) }));
rows.sort((a, b) => b.gzip - a.gzip);

console.log('Home route JavaScript (gzip level 9):');
console.log(`${'gzip KB'.padStart(7)} ${'raw KB'.padStart(7)}  chunk`);
for (const row of rows) console.log(`${kb(row.gzip)} ${kb(row.raw)}  ${row.file}  (${row.key})`);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
console.log(`${kb(total)} ${kb(rows.reduce((s, r) => s + r.raw, 0))}  total`);

const css = new Set([...chunks.values()].flatMap((chunk) => chunk.css ?? []));
const cssGzip = [...css].reduce((sum, file) => sum + sizeOf(file).gzip, 0);
console.log(
  `\nCSS the home route loads: ${(cssGzip / 1024).toFixed(1)} KB gzip (${[...css].join(', ') || 'none'}); not counted in the JS budget.`,
);

const within = total <= BUDGET_KB * 1024;
console.log(
  `\nBudget: ${(total / 1024).toFixed(1)} KB of ${BUDGET_KB} KB — ${within ? 'within budget' : 'OVER BUDGET'}`,
);

// Admin code must never ride along with the storefront: no chunk built from the admin feature, nor one only it uses.
const adminFiles = new Set(
  Object.entries(manifest)
    .filter(([key, chunk]) => key.startsWith(ADMIN_PREFIX) || chunk.src?.startsWith(ADMIN_PREFIX))
    .map(([, chunk]) => chunk.file),
);
const adminLoaded = rows.filter((row) => adminFiles.has(row.file));
if (adminLoaded.length > 0) {
  console.log(`Admin code in the home route: ${adminLoaded.map((row) => row.file).join(', ')} — FAIL`);
  process.exitCode = 1;
} else {
  console.log(
    `Admin chunks (${[...adminFiles].join(', ') || 'none built'}): none among the home route's files — OK`,
  );
}

// zod must not ride along either: the storefront types its calls with the shared schemas (`import type`)
// and parses with zod only in the forms' own lazily loaded chunks. The source maps name every module.
const withZod = rows.filter((row) => {
  const mapPath = path.join(dist, `${row.file}.map`);
  if (!existsSync(mapPath)) return false;
  const sources = JSON.parse(readFileSync(mapPath, 'utf8')).sources ?? [];
  return sources.some((source) => /node_modules\/zod\//.test(source));
});
if (rows.some((row) => !existsSync(path.join(dist, `${row.file}.map`)))) {
  console.log('zod in the home route: cannot tell, the build has no source maps — FAIL');
  process.exitCode = 1;
} else if (withZod.length > 0) {
  console.log(`zod in the home route: ${withZod.map((row) => row.file).join(', ')} — FAIL`);
  process.exitCode = 1;
} else {
  console.log('zod in the home route: none — OK');
}
