import type { Locale } from './locale';

/** A feature's messages: the same keys in both languages. Values may hold {name} placeholders. */
export type Messages = Record<Locale, Record<string, string>>;
