// Writes docs/map.md: for every screen of spec §2, the file that draws it, the endpoints it calls, the
// server function that answers each and the tables that function reads or writes — so any name of the
// spec is one lookup. Read from the code itself (TypeScript's parser, no type checking): the features'
// route declarations, the `sdk.<area>.<endpoint>` calls of a screen and of the local modules it
// imports, the slices' `SliceHandlers<typeof contract.<area>>` maps, and the functions those call,
// followed through imports until they name a table (`pgTable`). `--check` fails (exit 1) when the file
// is not what the code gives; `pnpm test`'s lint step runs it.
// Run: `pnpm docs:map` (from apps/backoffice, whose tsconfig compiles the registry's JSX: `node --import tsx
// ../../scripts/docs-map.mjs [--check]`).
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { contract } from '../packages/api-sdk/src/contract/index.ts';
import { ROUTES } from '../packages/domain/src/routes.ts';

const root = path.resolve(import.meta.dirname, '..');
const target = path.join(root, 'docs/map.md');
const rel = (f) => path.relative(root, f).split(path.sep).join('/');

function files(dir, re) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      if (name === 'node_modules' || name === 'dist') continue;
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (re.test(name) && !/\.test\.tsx?$/.test(name)) out.push(p);
    }
  };
  walk(path.join(root, dir));
  return out.sort();
}

const parsed = new Map();
function parse(file) {
  let sf = parsed.get(file);
  if (!sf) {
    sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    parsed.set(file, sf);
  }
  return sf;
}

/** The file an import specifier of `from` names (./x.js → ./x.ts, ./x → ./x.tsx or ./x/index.ts). */
function resolve(from, spec) {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  for (const c of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')])
    if (existsSync(c)) return c;
  return undefined;
}

const importCache = new Map();
/** A file's imports: local name → { file, name } (name '*' for a namespace import). */
function importsOf(file) {
  const cached = importCache.get(file);
  if (cached) return cached;
  const out = new Map();
  importCache.set(file, out);
  for (const st of parse(file).statements) {
    if (!ts.isImportDeclaration(st) || !st.importClause || st.importClause.isTypeOnly) continue;
    const target = resolve(file, st.moduleSpecifier.text);
    if (!target) continue;
    const c = st.importClause;
    if (c.name) out.set(c.name.text, { file: target, name: 'default' });
    const b = c.namedBindings;
    if (b && ts.isNamespaceImport(b)) out.set(b.name.text, { file: target, name: '*' });
    if (b && ts.isNamedImports(b))
      for (const e of b.elements)
        if (!e.isTypeOnly) out.set(e.name.text, { file: target, name: (e.propertyName ?? e.name).text });
  }
  return out;
}

// ---- server: tables, functions, handlers --------------------------------------------------------

const serverFiles = files('apps/server/src', /\.ts$/);
/** `export const x = pgTable('name', …)` anywhere in the server: a table's SQL name by file and const. */
const tables = new Map();
for (const f of serverFiles)
  for (const st of parse(f).statements)
    if (ts.isVariableStatement(st))
      for (const d of st.declarationList.declarations) {
        const init = d.initializer;
        if (
          init &&
          ts.isCallExpression(init) &&
          ts.isIdentifier(init.expression) &&
          /^pg(Table|View|MaterializedView)$/.test(init.expression.text) &&
          init.arguments[0] &&
          ts.isStringLiteral(init.arguments[0]) &&
          ts.isIdentifier(d.name)
        )
          tables.set(`${f}#${d.name.text}`, init.arguments[0].text);
      }

const declarations = new Map();
/** A file's top-level declaration of a name (function or const), re-exports and imports followed. */
function declaration(file, name) {
  const key = `${file}#${name}`;
  if (!declarations.has(key)) declarations.set(key, findDeclaration(file, name));
  return declarations.get(key);
}
function findDeclaration(file, name, seen = new Set()) {
  const key = `${file}#${name}`;
  if (seen.has(key)) return undefined;
  seen.add(key);
  const sf = parse(file);
  for (const st of sf.statements) {
    if (ts.isFunctionDeclaration(st) && st.name?.text === name) return { file, node: st };
    if (ts.isVariableStatement(st))
      for (const d of st.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.name.text === name) return { file, node: d };
    if (ts.isExportDeclaration(st) && st.moduleSpecifier) {
      const to = resolve(file, st.moduleSpecifier.text);
      if (!to) continue;
      if (!st.exportClause) {
        const found = findDeclaration(to, name, seen);
        if (found) return found;
      } else if (ts.isNamedExports(st.exportClause))
        for (const e of st.exportClause.elements)
          if (e.name.text === name) return findDeclaration(to, (e.propertyName ?? e.name).text, seen);
    }
  }
  const imported = importsOf(file).get(name);
  if (imported && imported.name !== '*') return findDeclaration(imported.file, imported.name, seen);
  return undefined;
}

/** The table a name in `file` stands for (a table const of this file, or one imported), if any. */
function tableOf(file, name) {
  const local = tables.get(`${file}#${name}`);
  if (local) return local;
  const imp = importsOf(file).get(name);
  if (!imp || imp.name === '*') return undefined;
  const d = declaration(imp.file, imp.name);
  return d ? tables.get(`${d.file}#${imp.name}`) : undefined;
}

const DEPTH = 4;
const reach = new Map();
/** Tables named by a piece of code and by the server functions it calls, DEPTH calls deep. */
function tablesUnder(file, node, depth, out) {
  const imports = importsOf(file);
  const visit = (n) => {
    if (ts.isIdentifier(n)) {
      const t = tableOf(file, n.text);
      if (t) out.add(t);
      if (depth > 0) {
        const d = declaration(file, n.text);
        if (d && d.node !== node) tablesOf(d, depth - 1, out);
      }
    } else if (
      ts.isPropertyAccessExpression(n) &&
      ts.isIdentifier(n.expression) &&
      imports.get(n.expression.text)?.name === '*'
    ) {
      const ns = imports.get(n.expression.text);
      const t = tables.get(`${ns.file}#${n.name.text}`);
      if (t) out.add(t);
      if (depth > 0) {
        const d = declaration(ns.file, n.name.text);
        if (d) tablesOf(d, depth - 1, out);
      }
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
}
function tablesOf(decl, depth, out) {
  const key = `${decl.file}:${decl.node.pos}:${depth}`;
  let mine = reach.get(key);
  if (!mine) {
    mine = new Set();
    reach.set(key, mine);
    tablesUnder(decl.file, decl.node, depth, mine);
  }
  for (const t of mine) out.add(t);
}

/** The slice function a handler hands the request to (its first call of one), as `file` `name`. */
function answering(file, node) {
  const imports = importsOf(file);
  let found;
  const visit = (n) => {
    if (found) return;
    if (ts.isCallExpression(n)) {
      const c = n.expression;
      let d;
      let name;
      if (ts.isIdentifier(c)) [d, name] = [declaration(file, c.text), c.text];
      else if (ts.isPropertyAccessExpression(c) && ts.isIdentifier(c.expression)) {
        const ns = imports.get(c.expression.text);
        if (ns?.name === '*') [d, name] = [declaration(ns.file, c.name.text), c.name.text];
      }
      if (d && rel(d.file).startsWith('apps/server/src/slices/')) {
        found = `${rel(d.file)}\` \`${name}`;
        return;
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/** endpoint 'area.name' → { file, tables } from the slices' SliceHandlers maps. */
const handlers = new Map();
for (const f of serverFiles) {
  // Type aliases of the file (`type C = typeof contract.x`, `type H = SliceHandlers<C>`), spelled out.
  const aliases = new Map();
  for (const st of parse(f).statements)
    if (ts.isTypeAliasDeclaration(st)) aliases.set(st.name.text, st.type.getText());
  const spelled = (text) => {
    for (let i = 0; i < 3; i++)
      text = text.replace(/\b[A-Z]\w*\b/g, (w) => (aliases.has(w) ? aliases.get(w) : w));
    return text;
  };
  const visit = (n) => {
    const type = n.type && ts.isVariableDeclaration(n) ? spelled(n.type.getText()) : '';
    if (
      /SliceHandlers<typeof contract\.(\w+)>/.test(type) &&
      n.initializer &&
      ts.isObjectLiteralExpression(n.initializer)
    ) {
      const area = /contract\.(\w+)/.exec(type)[1];
      for (const p of n.initializer.properties) {
        if (ts.isSpreadAssignment(p)) {
          // `...(trio('school') as Pick<H, 'school' | 'schoolExcel'>)`: the names the spread declares.
          const names = [...(/Pick<\w+,([^>]+)>/.exec(p.getText())?.[1] ?? '').matchAll(/'(\w+)'/g)].map(
            (m) => m[1],
          );
          const out = new Set();
          tablesUnder(f, p, DEPTH, out);
          for (const name of names)
            handlers.set(`${area}.${name}`, { file: rel(f), tables: [...out].sort() });
          continue;
        }
        const name =
          p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;
        if (!name) continue;
        const out = new Set();
        if (ts.isShorthandPropertyAssignment(p)) {
          const d = declaration(f, name);
          if (d) tablesOf(d, DEPTH, out);
        } else tablesUnder(f, p, DEPTH, out);
        handlers.set(`${area}.${name}`, { file: answering(f, p) ?? rel(f), tables: [...out].sort() });
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(parse(f));
}

// ---- UI: screens and the endpoints they call --------------------------------------------------------

/**
 * path of spec §2 → the screen's component file. Read from the features' registry itself
 * (apps/backoffice/src/features/index.ts, loaded here): a screen is a lazy component whose loader names
 * its module (`() => import('./X')`), a function rendering one (the promotions' data-driven routes), or
 * a loader through a helper of the feature's routes file (`const plans = () => import('./Plans')`).
 */
const screens = new Map();
const { features } = await import('../apps/backoffice/src/features/index.ts');
const loaderOf = (c) => c?._payload?._result?.toString?.() ?? '';
for (const f of features) {
  const dir = path.join(root, 'apps/backoffice/src/features', f.name);
  const routesFile = ['routes.ts', 'routes.tsx'].map((x) => path.join(dir, x)).find((x) => existsSync(x));
  const routesText = routesFile ? readFileSync(routesFile, 'utf8') : '';
  for (const r of f.routes) {
    let src = loaderOf(r.component);
    if (!src && typeof r.component === 'function' && !r.component.prototype?.render) {
      try {
        src = loaderOf(r.component({})?.type);
      } catch {
        src = '';
      }
    }
    let spec = /import\(["']([^"']+)["']\)/.exec(src)?.[1];
    const helper = spec ? undefined : /^\(\)\s*=>\s*(\w+)\(\)/.exec(src)?.[1];
    if (helper)
      spec = new RegExp(`const ${helper}\\s*=\\s*\\(\\)\\s*=>\\s*import\\(['"]([^'"]+)['"]\\)`).exec(
        routesText,
      )?.[1];
    const file = spec ? resolve(path.join(dir, 'routes.ts'), spec) : undefined;
    if (file) screens.set(r.path, file);
  }
}
// The public pages: lazy routes of the router itself, and the sign-in page of its own (login.html).
const router = path.join(root, 'apps/backoffice/src/app/router.tsx');
for (const m of readFileSync(router, 'utf8').matchAll(
  /path: '(\/[^']*)',\s*lazy:[^\n]*import\('([^']+)'\)/g,
)) {
  const file = resolve(router, m[2]);
  if (file) screens.set(m[1], file);
}
const signIn = resolve(router, '../login/LoginPage');
if (signIn) screens.set('/login', signIn);

const SDK_CALL = /\bsdk\.(\w+)\.(\w+)\b/g;
const calls = new Map();
/** The endpoints a screen file calls, itself and through the modules of its feature it imports. */
function endpointsOf(file) {
  const found = new Set();
  const seen = new Set();
  const feature = path.dirname(file);
  const walk = (f) => {
    if (seen.has(f)) return;
    seen.add(f);
    let own = calls.get(f);
    if (!own) {
      own = [...readFileSync(f, 'utf8').matchAll(SDK_CALL)].map((m) => `${m[1]}.${m[2]}`);
      calls.set(f, own);
    }
    for (const e of own) if (contract[e.split('.')[0]]?.[e.split('.')[1]]) found.add(e);
    for (const { file: to } of importsOf(f).values())
      if (to.startsWith(feature) || to.startsWith(path.join(root, 'apps/backoffice/src/features'))) walk(to);
  };
  walk(file);
  return [...found].sort();
}

// ---- the document ---------------------------------------------------------------------------------

const lines = [
  '# Map: spec route → screen → endpoints → handler → tables',
  '',
  'Generated by `pnpm docs:map` from the code (the features’ route declarations,',
  'the screens’ `sdk.<area>.<endpoint>` calls and those of the feature modules they import, the slices’',
  'handler maps and the functions they call, followed four calls deep to the tables they name). Do not',
  'edit by hand; `pnpm test`’s lint step fails when it is stale. An endpoint is `area.name` as in the',
  'contract (`packages/api-sdk/src/contract/<area>.ts`) and the SDK (`sdk.<area>.<name>`).',
  '',
];
const groups = new Map();
for (const r of ROUTES) {
  const g = r.group ?? (r.public ? 'public' : 'home');
  if (!groups.has(g)) groups.set(g, []);
  groups.get(g).push(r);
}
const usedEndpoints = new Set();
for (const [g, routes] of groups) {
  lines.push(`## ${g}`, '');
  for (const r of routes) {
    const file = screens.get(r.path);
    lines.push(`### \`${r.path}\` ${r.title['zh-CN']} (${r.title.en})`, '');
    if (!file) {
      lines.push('- screen: none in this build (the route table’s entry only)', '');
      continue;
    }
    lines.push(`- screen: \`${rel(file)}\``);
    const eps = endpointsOf(file);
    if (!eps.length) lines.push('- endpoints: none called directly');
    for (const e of eps) {
      usedEndpoints.add(e);
      const [area, name] = e.split('.');
      const c = contract[area][name];
      const h = handlers.get(e);
      const t = h?.tables.length ? h.tables.map((x) => `\`${x}\``).join(', ') : '—';
      lines.push(`- \`${e}\` ${c.method} \`${c.path}\` → ${h ? `\`${h.file}\`` : 'no handler found'} → ${t}`);
    }
    lines.push('');
  }
}
lines.push('## Endpoints no screen calls directly', '');
lines.push(
  'Called by the CLI, other internal apps, the shared kits (pickers, selectors, the shell) or public pages.',
  '',
);
for (const [area, eps] of Object.entries(contract))
  for (const [name, c] of Object.entries(eps)) {
    const e = `${area}.${name}`;
    if (usedEndpoints.has(e)) continue;
    const h = handlers.get(e);
    const t = h?.tables.length ? h.tables.map((x) => `\`${x}\``).join(', ') : '—';
    lines.push(`- \`${e}\` ${c.method} \`${c.path}\` → ${h ? `\`${h.file}\`` : 'no handler found'} → ${t}`);
  }
lines.push('');
const text = lines.join('\n');

if (process.argv.includes('--check')) {
  const now = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (now !== text) {
    console.error('docs/map.md is stale: run `node --import tsx scripts/docs-map.mjs` and commit it');
    process.exit(1);
  }
} else {
  writeFileSync(target, text);
  console.log(
    `docs/map.md: ${ROUTES.length} routes, ${screens.size} screens, ${handlers.size} handlers, ${new Set([...tables.values()]).size} tables`,
  );
}
