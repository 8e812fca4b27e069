// What a PostgreSQL error means, from its SQLSTATE anywhere in the cause chain (drizzle wraps the driver's).
import { sqlStateOf } from '../http/logSafe.js';

/** A unique violation: two writers raced for one key; the loser's command answers a 409. */
export const isUniqueViolation = (e: unknown): boolean => sqlStateOf(e) === '23505';
