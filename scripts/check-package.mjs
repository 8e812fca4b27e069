// Type check and lint of one package from ONE TypeScript program: `tsc -p <tsconfig>`'s diagnostics,
// then ESLint over the package's TypeScript files with that same program handed to typescript-eslint
// (`parserOptions.programs`). The type-aware rule (no-floating-promises) then reads types the check
// has already computed instead of building and checking every package's program a second time,
// which made lint cost as much as the type check itself. Same tsconfig, same eslint.config.js as
// `pnpm typecheck` and `pnpm lint`; only where the types come from differs.
//   node scripts/check-package.mjs apps/server
// Exit 0 when both are clean (no error, no warning), 1 otherwise.
import path from 'node:path';
import { createRequire } from 'node:module';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.resolve(root, process.argv[2] ?? '.');
// TypeScript as the package resolves it (the same version tsc would run).
const ts = createRequire(path.join(dir, 'package.json'))('typescript');

const configFile = path.join(dir, 'tsconfig.json');
const host = {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (d) => {
    throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  },
};
const t0 = Date.now();
const parsed = ts.getParsedCommandLineOfConfigFile(configFile, {}, host);
if (!parsed) throw new Error(`cannot read ${configFile}`);
const program = ts.createProgram({
  rootNames: parsed.fileNames,
  options: parsed.options,
  projectReferences: parsed.projectReferences,
  configFileParsingDiagnostics: parsed.errors,
});

const diagnostics = ts.getPreEmitDiagnostics(program);
const rel = path.relative(root, dir) || '.';
if (diagnostics.length) {
  const formatHost = {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => root,
    getNewLine: () => '\n',
  };
  process.stdout.write(
    process.stdout.isTTY
      ? ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost)
      : ts.formatDiagnostics(diagnostics, formatHost),
  );
}
const t1 = Date.now();

// The package's own TypeScript files (other packages' sources in the program are theirs to lint).
const own = parsed.fileNames.filter(
  (f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts') && path.resolve(f).startsWith(dir + path.sep),
);
const eslint = new ESLint({
  cwd: root,
  errorOnUnmatchedPattern: false,
  overrideConfig: {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: false, project: false, programs: [program] } },
  },
});
const results = await eslint.lintFiles(own);
const formatter = await eslint.loadFormatter('stylish');
const text = await formatter.format(results);
if (text) process.stdout.write(text);
const lintErrors = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
const t2 = Date.now();
console.log(
  `${rel}: ${diagnostics.length} type error(s) in ${((t1 - t0) / 1000).toFixed(1)} s, ` +
    `${lintErrors} lint problem(s) in ${own.length} files in ${((t2 - t1) / 1000).toFixed(1)} s`,
);
process.exit(diagnostics.length || lintErrors ? 1 : 0);
