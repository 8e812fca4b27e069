// Small pieces every query module needs: optional timestamps as ISO text, filters built from optional parts.
import { and, type SQL } from 'drizzle-orm';

/** A timestamp as ISO 8601 text, or null. */
export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The AND of the parts that are present (a filter left empty adds nothing). */
export const and_ = (parts: Array<SQL | undefined>) => and(...parts.filter((p): p is SQL => !!p));
