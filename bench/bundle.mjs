// What the browser downloads, from the UI build's manifest (apps/backoffice/dist/.vite/manifest.json),
// as gzip level 9: the first page (index.html's script, its static imports and stylesheets), /login
// (login.html's script, its static imports and stylesheets: a page of its own, whose calls need no
// contract), and the largest chunk and the largest screen (what opening one screen adds to the first page). exceljs loads only
// when exporting and is reported apart. `node bench/bundle.mjs` prints it alone; bench/run.mjs includes it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const uiDist = path.join(root, 'apps/backoffice/dist');

export function bundle() {
  const manifestFile = path.join(uiDist, '.vite/manifest.json');
  if (!existsSync(manifestFile))
    return { skipped: 'apps/backoffice/dist not built (or without its manifest)' };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const sizes = new Map();
  const size = (file) => {
    let s = sizes.get(file);
    if (!s) {
      const buf = readFileSync(path.join(uiDist, file));
      s = { file, bytes: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
      sizes.set(file, s);
    }
    return s;
  };
  /** The files a chunk needs before it runs: itself, its static imports, their stylesheets. */
  const closure = (key, into = new Set()) => {
    const c = manifest[key];
    if (!c || into.has(c.file)) return into;
    into.add(c.file);
    for (const css of c.css ?? []) into.add(css);
    for (const k of c.imports ?? []) closure(k, into);
    return into;
  };
  const total = (files) => {
    const list = [...files].map(size);
    const sum = (ext, k) => list.filter((x) => x.file.endsWith(ext)).reduce((a, x) => a + x[k], 0);
    return {
      files: list.length,
      js: { bytes: sum('.js', 'bytes'), gzip: sum('.js', 'gzip') },
      css: { bytes: sum('.css', 'bytes'), gzip: sum('.css', 'gzip') },
    };
  };
  if (!manifest['index.html']?.isEntry) return { skipped: 'no index.html entry in the manifest' };
  if (!manifest['login.html']?.isEntry) return { skipped: 'no login.html entry in the manifest' };
  const first = closure('index.html');
  const login = closure('login.html');
  const isExcel = (file) => /exceljs/i.test(file);
  const chunks = Object.values(manifest)
    .filter((c) => c.file.endsWith('.js') && !isExcel(c.file))
    .map((c) => size(c.file))
    .sort((a, b) => b.gzip - a.gzip);
  const excel = Object.values(manifest)
    .filter((c) => isExcel(c.file))
    .map((c) => size(c.file));
  // A screen: a lazily loaded component of a feature; what it adds beyond the first page.
  const screens = Object.keys(manifest)
    .filter((k) => manifest[k].isDynamicEntry && k.startsWith('src/features/'))
    .map((k) => {
      const extra = [...closure(k)].filter((f) => !first.has(f) && !isExcel(f));
      return { screen: k, ...total(extra) };
    })
    .sort((a, b) => b.js.gzip - a.js.gzip);
  return {
    firstPage: total(first),
    login: total(login),
    largestChunk: chunks[0],
    largestScreen: screens[0],
    exceljs: excel[0],
  };
}

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

/** Lines for the console. */
export function describeBundle(b) {
  if (b.skipped) return [`Bundle: skipped (${b.skipped})`];
  const t = (x) =>
    `JS ${kib(x.js.gzip)} gzip (${kib(x.js.bytes)} raw), CSS ${kib(x.css.gzip)} gzip, ${x.files} files`;
  return [
    `First page: ${t(b.firstPage)}`,
    `/login (login.html): ${t(b.login)}`,
    `Largest chunk: ${b.largestChunk?.file} ${kib(b.largestChunk?.gzip ?? 0)} gzip; largest screen: ${b.largestScreen?.screen} adds JS ${kib(b.largestScreen?.js.gzip ?? 0)} gzip`,
    `exceljs (on export only): ${kib(b.exceljs?.gzip ?? 0)} gzip`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of describeBundle(bundle())) console.log(line);
  // The SDK alone, with and without its transport (bench/sdk.mjs).
  const { sdkBundle, describeSdk } = await import('./sdk.mjs');
  for (const line of describeSdk(await sdkBundle())) console.log(line);
}
