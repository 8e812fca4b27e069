// Export, edit, import back (issue 34 §3), generated over every import kind with a spreadsheet
// declaration (SHEETS of the contract): `sdk-cli export <kind>` writes the template's headers in its
// order (then the read-only ones), and the exported file, unchanged, is a clean dry run that changes
// nothing; an edited cell is one update.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSheet, writeSheet } from '../lib/sheet.js';
import { findEndpoint } from '../lib/endpoint.js';
import { runExport } from '../commands/export.js';
import { runImport } from './importer.js';
import { IMPORTS, templateOf } from './registry.js';
import { quiet, useRealServer } from './realServer.testkit.js';

const { dir, admin, sender } = useRealServer('sdk-cli-roundtrip-');
const kinds = IMPORTS.filter((k) => k.sheet);

async function readAll(file: string) {
  const rows: string[][] = [];
  for await (const r of readSheet(file)) rows.push(r.cells);
  return rows;
}

async function exportKind(name: string) {
  const kind = kinds.find((k) => k.name === name);
  if (!kind?.sheet) throw new Error(`no sheet for ${name}`);
  const { name: endpointName, endpoint } = findEndpoint(kind.sheet.list);
  const out = path.join(dir, `${kind.name}.xlsx`);
  await runExport({ sdk: admin(), name: endpointName, endpoint, out, sheet: kind.sheet, progress: quiet });
  return { kind, out, rows: await readAll(out) };
}

describe('export → import back, per kind', () => {
  it('covers the master-data kinds', () => {
    expect(kinds.map((k) => k.name)).toEqual(
      expect.arrayContaining([
        'regions',
        'campuses',
        'cities',
        'courses',
        'dictionaries',
        'clues',
        'students',
        'resources',
        'employees',
        'orders',
      ]),
    );
  });

  it.each(kinds.map((k) => [k.name] as const))(
    '%s: the export has the template headers, and imports back unchanged',
    async (name) => {
      const { kind, out, rows } = await exportKind(name);
      const [header = [], ...data] = rows;
      const template = templateOf(kind).map((c) => c.title ?? c.header);
      // The template's headers first, in its order; after them only declared read-only columns.
      expect(header.slice(0, template.length)).toEqual(template);
      const readOnly = kind.columns.filter((c) => c.readOnly).map((c) => c.title ?? c.header);
      expect(header.slice(template.length)).toEqual(readOnly);
      expect(data.length).toBeGreaterThan(0);
      const r = await runImport({
        kind,
        file: out,
        dryRun: true,
        errorsFile: path.join(dir, `${name}.errors.xlsx`),
        send: sender(kind.endpoint),
        progress: quiet,
      });
      expect(r.errors).toEqual([]);
      if (kind.name === 'orders') {
        // Orders are only created: an exported order carries its own number as the legacy one, so it
        // is that order, skipped before its other checks (its course columns are blank).
        expect(r).toMatchObject({ exitCode: 0, created: 0, errorRows: 0, checked: data.length });
        expect(r.skipped).toBe(data.length);
        return;
      }
      if (kind.key?.repeat === 'notice') {
        // A kind its import only creates (clues, students, resources): a row whose phone is held comes
        // back as a duplicate, left out, never as a change; nothing in the file is refused.
        expect(r).toMatchObject({ exitCode: 0, updated: 0, errorRows: 0, checked: data.length });
        expect(r.skipped).toBeGreaterThan(0);
        expect(r.skipped + r.created).toBe(data.length);
        return;
      }
      expect(r).toMatchObject({ exitCode: 0, report: null, created: 0, updated: 0, checked: data.length });
      expect(r.unchanged).toBe(data.length);
    },
  );

  it('an edited export imports as one update', async () => {
    const { kind, rows } = await exportKind('campuses');
    const [header = [], ...data] = rows;
    const at = header.indexOf('地址 / address');
    const first = data[0] ?? [];
    const edited = data.map((r) => (r === first ? r.map((v, i) => (i === at ? `${v}（已改）` : v)) : r));
    const file = path.join(dir, 'campuses.edited.xlsx');
    await writeSheet(file, header, edited);
    const r = await runImport({
      kind,
      file,
      dryRun: true,
      errorsFile: path.join(dir, 'edited.errors.xlsx'),
      send: sender(kind.endpoint),
      progress: quiet,
    });
    expect(r).toMatchObject({ exitCode: 0, updated: 1, unchanged: data.length - 1, report: null });
  });
});
