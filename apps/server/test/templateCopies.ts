// A worker process's copy of the run's seeded PGlite template, kept open from one test file to the
// next (the suites run file after file in one process, isolate: false). Loading the template costs
// about two seconds of CPU a file; putting a used copy back to the template's state costs a small
// part of that, since only the tables the file wrote are restored: a statement-level trigger on
// every table notes the table each writing statement touched (in the statement's own transaction,
// so a rolled-back write notes nothing), and the restore deletes those tables' rows and copies them
// back from a snapshot taken when the copy was fresh. Sequences are all set back. A file that
// changed the schema itself (a table, a column, a trigger, a function) leaves a copy that is not
// reused: the next file loads the template again.
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db/client.js';

interface Snapshot {
  template: string;
  /** The columns to copy back, per table that has rows in the template. */
  columns: Map<string, string>;
  /** Sets every sequence back to where the template left it. */
  sequences: string;
  /** What the catalog looked like with the snapshot in place (see catalogPrint). */
  catalog: string;
}

const snapshots = new WeakMap<Database, Snapshot>();
let idle: Database | undefined;

const rows = async <T>(d: Database, query: string): Promise<T[]> =>
  ((await d.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Changes with any table, column, index, trigger, function or schema made or dropped. */
const CATALOG_PRINT = `select concat_ws('/',
  (select count(*) from pg_class), (select max(oid::int8) from pg_class),
  (select count(*) from pg_attribute where attnum > 0 and not attisdropped),
  (select count(*) from pg_trigger), (select count(*) from pg_proc),
  (select count(*) from pg_namespace)) as print`;

async function catalogPrint(d: Database): Promise<string> {
  const [r] = await rows<{ print: string }>(d, CATALOG_PRINT);
  return r?.print ?? '';
}

async function takeSnapshot(d: Database, template: string): Promise<Snapshot> {
  if (!d.exec) throw new Error('a template copy needs PGlite');
  const tables = await rows<{ name: string; cols: string }>(
    d,
    `select c.relname as name, string_agg(quote_ident(a.attname), ',' order by a.attnum) as cols
     from pg_class c
     join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
     join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where c.relkind = 'r'
     group by c.relname`,
  );
  let script = `create schema bo_snap;
    create table bo_snap.touched (name text primary key);
    create function bo_snap.touch() returns trigger language plpgsql as $$
    begin
      insert into bo_snap.touched values (tg_table_name) on conflict do nothing;
      return null;
    end $$;\n`;
  for (const t of tables) {
    script += `create trigger bo_snap_touch after insert or update or delete or truncate on public.${q(t.name)}
      for each statement execute function bo_snap.touch();
      create table bo_snap.${q(t.name)} as select ${t.cols} from public.${q(t.name)};\n`;
  }
  await d.exec(script);
  const filled = await rows<{ name: string }>(
    d,
    tables
      .map((t) => `select '${t.name}' as name where exists (select from bo_snap.${q(t.name)})`)
      .join(' union all '),
  );
  const names = new Set(filled.map((r) => r.name));
  const columns = new Map(tables.filter((t) => names.has(t.name)).map((t) => [t.name, t.cols]));
  const seqs = await rows<{ stmt: string }>(
    d,
    `select format('select setval(%L, %s, %s);', quote_ident(schemaname) || '.' || quote_ident(sequencename),
       coalesce(last_value, start_value), (last_value is not null)::text) as stmt
     from pg_sequences where schemaname = 'public'`,
  );
  return { template, columns, sequences: seqs.map((s) => s.stmt).join('\n'), catalog: await catalogPrint(d) };
}

/** Puts a used copy back to the template's state; false when it cannot be (its schema changed). */
async function restore(d: Database, snap: Snapshot): Promise<boolean> {
  if (!d.exec || (await catalogPrint(d)) !== snap.catalog) return false;
  const touched = (await rows<{ name: string }>(d, 'select name from bo_snap.touched')).map((r) => r.name);
  let script = `reset all;
    select pg_advisory_unlock_all();
    begin;
    -- No trigger fires: neither the tables' own (the rows come back as the template had them) nor
    -- the foreign keys' (the tables are restored together) nor the touch triggers.
    set local session_replication_role = replica;\n`;
  for (const name of touched) {
    script += `delete from public.${q(name)};\n`;
    const cols = snap.columns.get(name);
    if (cols) script += `insert into public.${q(name)} (${cols}) select ${cols} from bo_snap.${q(name)};\n`;
  }
  script += `delete from bo_snap.touched;\n${snap.sequences}\ncommit;`;
  await d.exec(script);
  return true;
}

/**
 * A database holding the template's data: the process's idle copy put back, or a new copy of the
 * tarball at `template`.
 */
export async function copyOfTemplate(template: string, load: () => Promise<Blob>): Promise<Database> {
  const kept = idle;
  idle = undefined;
  const snap = kept && snapshots.get(kept);
  if (kept && snap?.template === template && (await restore(kept, snap))) return kept;
  await kept?.close();
  const d = await openDatabase({ dataDir: 'memory://', loadDataDir: await load() });
  snapshots.set(d, await takeSnapshot(d, template));
  return d;
}

/** Keeps a copy for the next file of this process (one is kept; any other is closed). */
export async function giveBack(d: Database): Promise<void> {
  if (!idle && snapshots.has(d)) idle = d;
  else await d.close();
}
