// Hostile xlsx files for the upload-bomb suite, built here (no fixtures): a minimal zip writer that can
// lie about an entry's size, and workbooks whose sheet part is generated in pieces so that building a
// million-row or gigabyte-inflating file costs little time and memory.
import { constants, crc32, deflateRawSync } from 'node:zlib';

interface Part {
  name: string;
  /** Deflated bytes of the part. */
  data: Uint8Array;
  crc: number;
  size: number;
  /** The uncompressed size written in the zip's headers (a lie when it differs from `size`). */
  claimedSize?: number;
}

/** Deflates text given in pieces into one stream; blocks are fully flushed so a piece may repeat. */
export function deflatePieces(pieces: Iterable<string | { repeat: string; times: number }>): Part['data'] & {
  size: number;
  crc: number;
} {
  const out: Buffer[] = [];
  let size = 0;
  let crc = 0;
  for (const p of pieces) {
    if (typeof p === 'string') {
      const b = Buffer.from(p);
      out.push(deflateRawSync(b, { finishFlush: constants.Z_FULL_FLUSH }));
      size += b.length;
      crc = crc32(b, crc);
    } else {
      // A fully flushed block references nothing before it, so its bytes can simply be repeated.
      const b = Buffer.from(p.repeat);
      const block = deflateRawSync(b, { finishFlush: constants.Z_FULL_FLUSH });
      for (let i = 0; i < p.times; i += 1) {
        out.push(block);
        crc = crc32(b, crc);
      }
      size += b.length * p.times;
    }
  }
  out.push(deflateRawSync(Buffer.alloc(0))); // the final (empty) block
  return Object.assign(new Uint8Array(Buffer.concat(out)), { size, crc });
}

function part(name: string, text: string | ReturnType<typeof deflatePieces>, claimedSize?: number): Part {
  const d = typeof text === 'string' ? deflatePieces([text]) : text;
  return { name, data: d, crc: d.crc, size: d.size, claimedSize };
}

/** A zip of deflated parts (the central directory carries each part's claimed size). */
export function zip(parts: Part[]): Uint8Array {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const claimed = p.claimedSize ?? p.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(p.crc >>> 0, 14);
    local.writeUInt32LE(p.data.length, 18);
    local.writeUInt32LE(claimed, 22);
    local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(8, 10);
    cd.writeUInt16LE(0x21, 14);
    cd.writeUInt32LE(p.crc >>> 0, 16);
    cd.writeUInt32LE(p.data.length, 20);
    cd.writeUInt32LE(claimed, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    chunks.push(local, name, Buffer.from(p.data));
    central.push(cd, name);
    offset += 30 + name.length + p.data.length;
  }
  const cdBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cdBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...chunks, cdBytes, end]));
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL_NS = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?><workbook ${NS} ${REL_NS}><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;
const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}><sheetData>`;
const SHEET_TAIL = `</sheetData></worksheet>`;

const inlineCell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
/** A header row naming common import columns, so a bomb gets past header matching to the data. */
const HEADER = `<row r="1">${inlineCell('A1', 'name')}${inlineCell('B1', 'phone')}</row>`;

function workbookOf(sheet: ReturnType<typeof deflatePieces>, o: { claim?: number; shared?: Part } = {}) {
  return zip([
    part('xl/workbook.xml', WORKBOOK),
    part('xl/_rels/workbook.xml.rels', RELS),
    ...(o.shared ? [o.shared] : []),
    part('xl/worksheets/sheet1.xml', sheet, o.claim),
  ]);
}

/** A sheet of `rows` data rows (two cells each; rows unnumbered, as the format allows), honest sizes. */
export function manyRows(rows: number, o: { claim?: number } = {}): Uint8Array {
  const row = '<row><c t="inlineStr"><is><t>n</t></is></c><c><v>13800000000</v></c></row>';
  const block = 1000;
  const sheet = deflatePieces([
    SHEET_HEAD + HEADER,
    { repeat: row.repeat(block), times: Math.floor(rows / block) },
    row.repeat(rows % block),
    SHEET_TAIL,
  ]);
  return workbookOf(sheet, o);
}

/** One cell of `chars` characters, as a shared string (the 210 KB file holding a 200 MB cell). */
export function hugeCell(chars: number, o: { claim?: number } = {}): Uint8Array {
  const block = 'a'.repeat(1024 * 1024);
  const shared = deflatePieces([
    `<?xml version="1.0" encoding="UTF-8"?><sst ${NS} count="1" uniqueCount="1"><si><t>`,
    { repeat: block, times: Math.floor(chars / block.length) },
    'a'.repeat(chars % block.length),
    '</t></si></sst>',
  ]);
  const sheet = deflatePieces([
    SHEET_HEAD + HEADER + `<row r="2"><c r="A2" t="s"><v>0</v></c></row>` + SHEET_TAIL,
  ]);
  return workbookOf(sheet, { shared: part('xl/sharedStrings.xml', shared, o.claim) });
}

/** A sheet part that claims `claim` bytes but inflates to `megabytes` MB of empty rows. */
export function lyingZip(megabytes: number, claim = 1024): Uint8Array {
  const emptyRows = '<row/>'.repeat(Math.floor((1024 * 1024) / 6));
  const sheet = deflatePieces([SHEET_HEAD + HEADER, { repeat: emptyRows, times: megabytes }, SHEET_TAIL]);
  return workbookOf(sheet, { claim });
}

/** A row holding a value in each of `columns` columns. */
export function manyColumns(columns: number): Uint8Array {
  const col = (i: number) => {
    let s = '';
    for (let n = i; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
    return s;
  };
  let row = '';
  for (let i = 3; i <= columns; i += 1) row += `<c r="${col(i)}2"><v>${i}</v></c>`;
  const sheet = deflatePieces([
    SHEET_HEAD + HEADER + `<row r="2">${inlineCell('A2', 'x')}${row}</row>` + SHEET_TAIL,
  ]);
  return workbookOf(sheet);
}

/** A workbook whose sheet part is the given XML (for malformed and hostile XML). */
export const sheetOf = (xml: string): Uint8Array => workbookOf(deflatePieces([xml]));
