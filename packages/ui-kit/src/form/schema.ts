// What a form reads from its zod schema: the schema of one field, whether it must be filled, and
// how an empty input becomes "no value" where the schema allows none.
import { z } from 'zod';

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
  if (schema instanceof z.ZodPipe) return shapeOf(schema.in as z.ZodType);
  return undefined;
}

/** The schema of a (dotted) field of an object schema, or undefined when the schema has none. */
export function fieldSchema(schema: z.ZodType, name: string): z.ZodType | undefined {
  let at: z.ZodType | undefined = schema;
  for (const part of name.split('.')) {
    if (!at) return undefined;
    if (at instanceof z.ZodOptional || at instanceof z.ZodNullable || at instanceof z.ZodDefault)
      at = at.unwrap() as z.ZodType;
    at = shapeOf(at)?.[part];
  }
  return at;
}

const accepts = (s: z.ZodType, v: unknown) => {
  try {
    return s.safeParse(v).success;
  } catch {
    // Async refinements refuse a sync parse; such a field is not "empty-able" by that test.
    return false;
  }
};

/**
 * True when the field must be filled: its schema takes neither nothing nor an empty text.
 * Example: isRequired(z.object({ reason: z.string().trim().min(1) }), 'reason') → true;
 * `z.string().optional()`, `z.string().default('')` and a bare `z.string()` → false.
 */
export function isRequired(schema: z.ZodType, name: string): boolean {
  const s = fieldSchema(schema, name);
  if (!s) return false;
  return !accepts(s, undefined) && !accepts(s, null) && !accepts(s, '');
}

/**
 * Inputs hold '' when empty; the contract says "absent" with undefined or null. An empty text
 * becomes undefined (or null) where the field's schema refuses '' but takes that, so an optional
 * date or phone left empty passes, and a required one gets the "required" message.
 */
export function emptyToAbsent(schema: z.ZodType, values: Record<string, unknown>): Record<string, unknown> {
  const shape = shapeOf(schema);
  if (!shape) return values;
  const out: Record<string, unknown> = { ...values };
  for (const [k, v] of Object.entries(values)) {
    const s = shape[k];
    if (!s || !(v === '' || (typeof v === 'string' && v.trim() === ''))) continue;
    if (accepts(s, v)) continue;
    if (accepts(s, undefined)) out[k] = undefined;
    else if (accepts(s, null)) out[k] = null;
  }
  return out;
}
