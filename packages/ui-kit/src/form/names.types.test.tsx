// Compile-time checks of form field names (the type check fails if they stop holding).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FieldName, FormField } from './RecordFormDialog.js';
import { FormText } from './fields.js';
import type { SchemaForm } from './useSchemaForm.js';

const schema = z.object({ name: z.string(), sort: z.number().optional() });
type In = z.input<typeof schema>;

describe('typed form field names', () => {
  it('a list dialog field refuses a name its schema lacks', () => {
    const ok: FormField<FieldName<typeof schema>> = { kind: 'text', name: 'name', label: '名称' };
    expect(schema.safeParse({ name: ok.label }).success).toBe(true);
    // @ts-expect-error 'nmae' is not a field of the schema
    const typo: FormField<FieldName<typeof schema>> = { kind: 'text', name: 'nmae', label: '名称' };
    expect([ok.name, typo.name]).toEqual(['name', 'nmae']);
  });

  it('a bespoke form field refuses a name its form lacks', () => {
    const field = (form: SchemaForm<In>) => [
      <FormText key="ok" form={form} name="name" label="名称" />,
      // @ts-expect-error 'nmae' is not a field of the form
      <FormText key="typo" form={form} name="nmae" label="名称" />,
    ];
    expect(typeof field).toBe('function');
  });
});
