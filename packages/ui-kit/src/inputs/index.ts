export * from './AmountInput.js';
export * from './DigitsInput.js';
export * from './CappedNumberInput.js';
export * from './TextWithCounter.js';
export type { InputFrameProps } from './shell.js';
export * from './SearchSelect.js';
export { loadPinyin, matchesPinyin, matchesPlain } from './pinyin.js';
export type { PinyinReader, PinyinReadings } from './pinyin.js';
