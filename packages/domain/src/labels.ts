// Bilingual display labels shared by every rule table (zh-CN is the users' language, en the second).

// `Locale` is declared once, beside the route table's titles, and shared here.
import { type Locale } from './routes.js';

export type { Locale };

/** A text in both languages, e.g. `{ 'zh-CN': '全部', en: 'All' }`. */
export type Label = Readonly<Record<Locale, string>>;

/** Picks the text for a locale. Example: `pick({ 'zh-CN': '全部', en: 'All' }, 'en')` → `'All'`. */
export function pick(label: Label, locale: Locale = 'zh-CN'): string {
  return label[locale];
}
