// Which endpoints a read replica answers (DATABASE_REPLICA_URL; docs/decisions.md "Reports on a read
// replica"): the dashboards, the reports and the clue analysis, and the exports of lists — reads
// over many rows where data a second old is as good as current. Commands, and every screen a user
// reads back right after a command (details, lists, the nightly snapshots right after a run), stay
// on the primary.
import type { AnyEndpoint } from '@bo/api-sdk';

/** Slices made of report reads only (their exceptions below). */
const REPORT_SLICES: ReadonlySet<string> = new Set(['dashboards', 'staffFigures', 'reports', 'clueAnalysis']);

/** In those slices, what writes or is read back right after a write. */
const PRIMARY_ONLY: ReadonlySet<string> = new Set([
  'staffFigures.snapshotRun',
  'staffFigures.snapshotList',
  'staffFigures.snapshotDetail',
  'staffFigures.saturationSnapshot',
]);

/** A list export: a file answer named …Export, …Excel (and their Data / Detail variants). */
const LIST_EXPORT = /(Export|Excel)(Data|Detail)?$/;

export function answeredByReplica(slice: string, name: string, e: AnyEndpoint): boolean {
  if (PRIMARY_ONLY.has(`${slice}.${name}`)) return false;
  if (REPORT_SLICES.has(slice)) return true;
  return e.kind === 'download' && LIST_EXPORT.test(name);
}
