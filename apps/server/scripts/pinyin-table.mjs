// Prints the SQL that fills pinyin_chars (every CJK unified ideograph of the basic block, with its
// usual reading and, where it differs, its reading as a surname). Run once when the migration that
// holds the table was written: node scripts/pinyin-table.mjs > /tmp/pinyin.sql
import { pinyin } from 'pinyin-pro';

const bySyllable = new Map();
const surnames = [];
for (let cp = 0x4e00; cp <= 0x9fff; cp++) {
  const ch = String.fromCodePoint(cp);
  const py = pinyin(ch, { toneType: 'none', v: true });
  if (!/^[a-z]+$/.test(py)) continue;
  bySyllable.set(py, (bySyllable.get(py) ?? '') + ch);
  const sur = pinyin(ch, { toneType: 'none', v: true, surname: 'head' });
  if (sur !== py && /^[a-z]+$/.test(sur)) surnames.push([ch, sur]);
}
const rows = [...bySyllable]
  .sort(([a], [b]) => (a < b ? -1 : 1))
  .map(([py, chars]) => `('${py}','${chars}')`);
console.log(
  `INSERT INTO "pinyin_chars" ("ch", "py") SELECT c, v.py FROM (VALUES\n${rows.join(',\n')}\n) AS v(py, chars), regexp_split_to_table(v.chars, '') AS c;`,
);
console.log('--> statement-breakpoint');
console.log(
  `UPDATE "pinyin_chars" AS p SET "surname_py" = s.py FROM (VALUES ${surnames.map(([c, p]) => `('${c}','${p}')`).join(',')}) AS s(ch, py) WHERE p.ch = s.ch;`,
);
