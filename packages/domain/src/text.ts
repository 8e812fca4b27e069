// Text and form rules: byte-style text length, trimming of search forms, upload checks.
import { type Label } from './labels.js';

/**
 * Length where single-byte characters (code point ≤ 0xFF) count 1 and all others 2. Counted per
 * code point, so an emoji (a surrogate pair) counts 2 like any CJK character.
 * Example: `textLength('ab中文')` → 6.
 */
export function textLength(text: string | null | undefined): number {
  let n = 0;
  for (const ch of text ?? '') n += (ch.codePointAt(0) ?? 0) <= 0xff ? 1 : 2;
  return n;
}

/** Whether the text fits the limit counted by `textLength`. Example: `isWithinTextLength('中文', 4)` → true. */
export function isWithinTextLength(text: string | null | undefined, limit: number): boolean {
  return textLength(text) <= limit;
}

/**
 * A shallow copy with string values trimmed, other values untouched.
 * Example: `trimStrings({ name: ' a ', page: 1 })` → `{ name: 'a', page: 1 }`.
 */
export function trimStrings<T extends Record<string, unknown>>(record: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record))
    out[key] = typeof value === 'string' ? value.trim() : value;
  return out as T;
}

/** What `checkUpload` needs to know of a file (a browser `File` fits). */
export interface UploadFileInfo {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

/** Limits for `checkUpload`. `accept` lists extensions ('jpg', '.png') or MIME patterns ('image/*'). */
export interface UploadRules {
  readonly maxBytes?: number;
  readonly maxCount?: number;
  readonly accept?: readonly string[];
  /** Files already attached, counted against `maxCount`. */
  readonly existingCount?: number;
}

/** The outcome of `checkUpload`; a refusal carries the file it concerns (none for 'tooMany'). */
export type UploadCheck =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly reason: 'tooLarge' | 'tooMany' | 'badType';
      readonly message: Label;
      readonly file?: string;
    };

const DEFAULT_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Whether a file matches one accept entry: an extension ('jpg', '.jpg') or a MIME pattern ('image/*'). */
function matchesAccept(file: UploadFileInfo, entry: string): boolean {
  const e = entry.trim().toLowerCase();
  if (e.includes('/')) {
    const type = file.type.toLowerCase();
    return e.endsWith('/*') ? type.startsWith(e.slice(0, -1)) : type === e;
  }
  return extensionOf(file.name) === e.replace(/^\./, '');
}

/**
 * Checks files against the count cap, the accepted types and the size cap (default 20 MiB), in that order.
 * Example: `checkUpload([{ name: 'a.exe', size: 1, type: '' }], { accept: ['jpg'] })` → `{ ok: false, reason: 'badType', … }`.
 */
export function checkUpload(files: readonly UploadFileInfo[], rules: UploadRules = {}): UploadCheck {
  const { maxBytes = DEFAULT_UPLOAD_MAX_BYTES, maxCount, accept, existingCount = 0 } = rules;
  if (maxCount !== undefined && files.length + existingCount > maxCount) {
    return { ok: false, reason: 'tooMany', message: { 'zh-CN': '文件个数超出', en: 'file count exceeded' } };
  }
  if (accept && accept.length > 0) {
    const bad = files.find((f) => !accept.some((entry) => matchesAccept(f, entry)));
    if (bad) {
      const list = accept.map((a) => a.trim().replace(/^\./, '')).join(', ');
      return {
        ok: false,
        reason: 'badType',
        file: bad.name,
        message: {
          'zh-CN': `文件格式不正确，仅支持 ${list} 格式`,
          en: `file type not allowed; allowed types: ${list}`,
        },
      };
    }
  }
  const big = files.find((f) => f.size > maxBytes);
  if (big) {
    const mb = megabytes(maxBytes);
    return {
      ok: false,
      reason: 'tooLarge',
      file: big.name,
      message: { 'zh-CN': `头像图片大小不能超过 ${mb}MB!`, en: `avatar images may not exceed ${mb}MB` },
    };
  }
  return { ok: true };
}
