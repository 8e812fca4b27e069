import { describe, expect, it } from 'vitest';
import { checkUpload, isWithinTextLength, textLength, trimStrings } from './text.js';

describe('textLength', () => {
  it('counts single-byte characters 1 and others 2', () => {
    expect(textLength('')).toBe(0);
    expect(textLength(null)).toBe(0);
    expect(textLength('abc')).toBe(3);
    expect(textLength('ab中文')).toBe(6);
    expect(textLength('é')).toBe(1); // U+00E9 is still ≤ 0xFF
    expect(textLength('\u00ff\u0100')).toBe(3); // the 0xFF boundary
    expect(textLength('，')).toBe(2);
    expect(textLength('😀')).toBe(2); // one code point, not two UTF-16 units
  });

  it('checks a limit inclusively', () => {
    expect(isWithinTextLength('中文', 4)).toBe(true);
    expect(isWithinTextLength('中文a', 4)).toBe(false);
    expect(isWithinTextLength('', 0)).toBe(true);
  });
});

describe('trimStrings', () => {
  it('trims string values only, shallowly, into a new object', () => {
    const input = { name: '  a b ', page: 1, flag: true, nested: { x: ' y ' }, none: null };
    const out = trimStrings(input);
    expect(out).toEqual({ name: 'a b', page: 1, flag: true, nested: { x: ' y ' }, none: null });
    expect(out).not.toBe(input);
    expect(input.name).toBe('  a b ');
    expect(out.nested).toBe(input.nested);
  });
});

describe('checkUpload', () => {
  const img = (name: string, size = 10, type = 'image/png') => ({ name, size, type });
  const accept = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'mp4'];

  it('accepts files within the rules', () => {
    expect(checkUpload([img('a.png'), img('B.JPG', 10, 'image/jpeg')], { accept, maxCount: 9 })).toEqual({
      ok: true,
    });
    expect(checkUpload([])).toEqual({ ok: true });
  });

  it('refuses a file above the cap with the avatar message (default 20 MiB)', () => {
    expect(checkUpload([img('a.png', 20 * 1024 * 1024)])).toEqual({ ok: true });
    const r = checkUpload([img('a.png', 20 * 1024 * 1024 + 1)]);
    expect(r).toMatchObject({ ok: false, reason: 'tooLarge', file: 'a.png' });
    if (!r.ok) {
      expect(r.message['zh-CN']).toBe('头像图片大小不能超过 20MB!');
      expect(r.message.en).toBe('avatar images may not exceed 20MB');
    }
    const small = checkUpload([img('a.png', 2 * 1024 * 1024 + 1)], { maxBytes: 2 * 1024 * 1024 });
    expect(!small.ok && small.message.en).toBe('avatar images may not exceed 2MB');
  });

  it('refuses too many files, counting those already attached', () => {
    const ten = Array.from({ length: 10 }, (_, i) => img(`${i}.png`));
    const r = checkUpload(ten, { maxCount: 9 });
    expect(r).toEqual({
      ok: false,
      reason: 'tooMany',
      message: { 'zh-CN': '文件个数超出', en: 'file count exceeded' },
    });
    expect(checkUpload(ten.slice(0, 9), { maxCount: 9 }).ok).toBe(true);
    expect(checkUpload([img('a.png')], { maxCount: 9, existingCount: 9 }).ok).toBe(false);
  });

  it('refuses a wrong type naming the allowed types', () => {
    const r = checkUpload([img('a.png'), img('virus.exe', 1, 'application/octet-stream')], { accept });
    expect(r).toMatchObject({ ok: false, reason: 'badType', file: 'virus.exe' });
    if (!r.ok) {
      expect(r.message.en).toContain('jpg, jpeg, png, gif, bmp, mp4');
      expect(r.message['zh-CN']).toContain('jpg, jpeg, png, gif, bmp, mp4');
    }
    expect(checkUpload([img('noext')], { accept }).ok).toBe(false);
  });

  it('accepts MIME patterns and dotted extensions', () => {
    expect(checkUpload([img('photo', 1, 'image/webp')], { accept: ['image/*'] }).ok).toBe(true);
    expect(checkUpload([img('clip.mov', 1, 'video/quicktime')], { accept: ['image/*'] }).ok).toBe(false);
    expect(checkUpload([img('clip', 1, 'video/mp4')], { accept: ['video/mp4'] }).ok).toBe(true);
    expect(checkUpload([img('a.PNG')], { accept: ['.png'] }).ok).toBe(true);
  });

  it('checks count, then type, then size', () => {
    const big = img('a.exe', 30 * 1024 * 1024, '');
    expect(checkUpload([big, big], { maxCount: 1, accept })).toMatchObject({ reason: 'tooMany' });
    expect(checkUpload([big], { maxCount: 1, accept })).toMatchObject({ reason: 'badType' });
    expect(checkUpload([{ ...big, name: 'a.png' }], { maxCount: 1, accept })).toMatchObject({
      reason: 'tooLarge',
    });
  });
});
