// Every command parses its options through a zod schema: one place for defaults, env fallbacks and
// messages that name the option.
import { z } from 'zod';
import { CliError } from './errors.js';

/** `--query k=v` repeated, as a record (a repeated key becomes an array). */
export const KeyValues = z
  .array(z.string())
  .default([])
  .transform((pairs, ctx) => {
    const out: Record<string, string | string[]> = {};
    for (const p of pairs) {
      const i = p.indexOf('=');
      if (i <= 0) {
        ctx.addIssue({ code: 'custom', message: `expected key=value, got "${p}"` });
        return z.NEVER;
      }
      const k = p.slice(0, i);
      const v = p.slice(i + 1);
      const prev = out[k];
      out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
    }
    return out;
  });

/** A comma-separated list (`--columns a,b,c`). */
export const CommaList = z
  .string()
  .optional()
  .transform((s) =>
    s
      ? s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
      : undefined,
  );

const optionName = (key: string) => '--' + key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());

/** Parses commander's options (and positional arguments) with a schema; errors name the option. */
export function parseOptions<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  const lines = r.error.issues.map((i) => {
    const key = i.path[0];
    return `  ${typeof key === 'string' ? optionName(key) : 'input'}: ${i.message}`;
  });
  throw new CliError(`invalid options:\n${lines.join('\n')}`, 2);
}

/** Collects a repeatable commander option into an array. */
export const collect = (value: string, previous: string[] = []) => [...previous, value];
