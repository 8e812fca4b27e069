// Type-to-filter over Chinese names: a query matches a label by its characters, by the pinyin
// initials of its characters ("zly" → 张丽云), by full pinyin ("zhangliyun") or any mix of the
// three ("张ly", "zhangly"). The pinyin dictionary is large, so it is loaded on first use only.

/** The readings of each character of a label: the character itself and, for a hanzi, its pinyin syllables. */
export type PinyinReadings = ReadonlyArray<readonly string[]>;

/** Gives the readings of a text's characters (pinyin-pro behind it once loaded). */
export type PinyinReader = (text: string) => PinyinReadings;

const HAN = /\p{Script=Han}/u;

let loading: Promise<PinyinReader> | undefined;

/**
 * Loads the pinyin dictionary once (a separate chunk of the bundle) and resolves to a reader.
 * @example const read = await loadPinyin(); read('张丽云') // [['张','zhang'],['丽','li'],['云','yun']]
 */
export function loadPinyin(): Promise<PinyinReader> {
  loading ??= import('pinyin-pro').then(({ pinyin }) => {
    const opts = { type: 'array', toneType: 'none', v: true } as const;
    return (text: string) => {
      const chars = Array.from(text);
      if (!chars.some((c) => HAN.test(c))) return chars.map((c) => [c.toLowerCase()]);
      // The word's reading gets polyphones right in context (重庆 → chong); every single reading
      // of a character is accepted too, so a surname read either way (曾 zeng / ceng) is found.
      const inContext = pinyin(text, opts);
      return chars.map((c, i) => {
        if (!HAN.test(c)) return [c.toLowerCase()];
        const all = pinyin(c, { ...opts, multiple: true });
        const first = inContext[i];
        return [c, ...new Set(first ? [first, ...all] : all)];
      });
    };
  });
  return loading;
}

/** Lower case, without spaces (people type "zhang li" or "ZLY"). */
function normalise(q: string): string {
  return q.toLowerCase().replace(/\s+/g, '');
}

/**
 * Does the query match the label? Each character of a run of consecutive characters of the label
 * takes a non-empty prefix of one of its readings (the character itself, or a pinyin syllable),
 * and the prefixes together spell the query.
 * @example matchesPinyin('zly', read('张丽云')) // true; matchesPinyin('zhangly', …) // true
 */
export function matchesPinyin(query: string, readings: PinyinReadings): boolean {
  const q = normalise(query);
  if (q === '') return true;
  const n = readings.length;
  // failed[i][j]: the label from character i cannot spell the query from position j.
  const failed = new Set<number>();
  const from = (i: number, j: number): boolean => {
    if (j === q.length) return true;
    if (i === n) return false;
    const key = i * (q.length + 1) + j;
    if (failed.has(key)) return false;
    for (const r of readings[i] ?? []) {
      const reading = normalise(r);
      let k = 0;
      while (k < reading.length && j + k < q.length && reading[k] === q[j + k]) k++;
      // Any non-empty prefix may stand for the character; try longer prefixes first.
      for (let len = k; len >= 1; len--) if (from(i + 1, j + len)) return true;
    }
    failed.add(key);
    return false;
  };
  for (let start = 0; start < n; start++) if (from(start, 0)) return true;
  return false;
}

/** Without the dictionary (not loaded yet): a plain case-insensitive substring test. */
export function matchesPlain(query: string, text: string): boolean {
  const q = normalise(query);
  return q === '' || normalise(text).includes(q);
}
