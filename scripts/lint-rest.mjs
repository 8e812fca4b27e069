// Lints what scripts/check-package.mjs does not: every JavaScript file, and any TypeScript file that
// no package's tsconfig includes (linted with the project service, as `pnpm lint` does). Together
// the two cover what `eslint .` covers. Files are the ones git knows (tracked or not ignored).
//   node scripts/lint-rest.mjs [package dirs whose tsconfig files check-package lints…]
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '..');
const packages = process.argv.slice(2);

/** The files a package's tsconfig includes (parsing the config only; no program). */
function tsconfigFiles(dir) {
  const abs = path.resolve(root, dir);
  const ts = createRequire(path.join(abs, 'package.json'))('typescript');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(abs, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  );
  return (parsed?.fileNames ?? [])
    .map((f) => path.resolve(f))
    .filter((f) => f.startsWith(abs + path.sep) && /\.tsx?$/.test(f) && !f.endsWith('.d.ts'));
}

const covered = new Set(packages.flatMap(tsconfigFiles));
const listed = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', '--', '*.js', '*.mjs', '*.cjs', '*.ts', '*.tsx'],
  { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
)
  .split('\n')
  .filter(Boolean)
  .map((f) => path.resolve(root, f))
  // A tracked file deleted in the working tree is gone.
  .filter((f) => existsSync(f));
const eslint = new ESLint({ cwd: root, errorOnUnmatchedPattern: false });
const rest = [];
for (const f of new Set(listed)) {
  if (covered.has(f) || f.endsWith('.d.ts')) continue;
  if (!(await eslint.isPathIgnored(f))) rest.push(f);
}
const results = await eslint.lintFiles(rest);
const text = await (await eslint.loadFormatter('stylish')).format(results);
if (text) process.stdout.write(text);
const problems = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
const stray = rest.filter((f) => /\.tsx?$/.test(f)).map((f) => path.relative(root, f));
console.log(
  `rest: ${problems} lint problem(s) in ${rest.length} files` +
    (stray.length ? ` (TypeScript in no package tsconfig: ${stray.join(', ')})` : ''),
);
process.exit(problems ? 1 : 0);
