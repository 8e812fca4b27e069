// The one hook behind every action dialog and bespoke form of the app: the endpoint's schema drives
// the form (useSchemaForm), and a success refreshes what the screen shows, says so, and hands over.
import type { AnyEndpoint } from '@bo/api-sdk';
import { toastBridge, useSchemaForm, type SchemaForm, type SchemaFormOptions } from '@bo/ui-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { invalidateAfter, watchCalls } from '../invalidation';

/**
 * The body schema of a contract entry, to build a form on (or derive one with .pick / .extend).
 * Example: `bodyOf(contract.clues.abandonSave).pick({ clueId: true, reason: true })`.
 */
export function bodyOf<E extends AnyEndpoint & { body: z.ZodType }>(endpoint: E): E['body'] {
  return endpoint.body;
}

/** The query schema of a contract entry (GET commands such as highSeaReject take their input there). */
export function queryOf<E extends AnyEndpoint & { query: z.ZodType }>(endpoint: E): E['query'] {
  return endpoint.query;
}

export interface CommandFormOptions<S extends z.ZodType<FieldValues, FieldValues>, R> extends Omit<
  SchemaFormOptions<S, R>,
  'onSuccess'
> {
  /** After success (queries refreshed, message shown): close the dialog, or `form.reset()` a page form. */
  onDone?: (result: R, values: z.output<S>, form: { reset: (values?: z.input<S>) => void }) => unknown;
  /** A success message (a toast), or one chosen by what was submitted (approve / reject); none when omitted. */
  success?: string | ((values: z.output<S>, result: R) => string);
  /** Refresh, after success, the queries reading the slices the command called (default true). */
  refresh?: boolean;
}

export function useCommandForm<S extends z.ZodType<FieldValues, FieldValues>, R = unknown>({
  onDone,
  success,
  refresh = true,
  ...options
}: CommandFormOptions<S, R>): SchemaForm<z.input<S>, z.output<S>> {
  const qc = useQueryClient();
  // The slices the last submit called: what its success refreshes (app/invalidation.ts).
  const changed = useRef<ReadonlySet<string>>(new Set());
  return useSchemaForm<S, R>({
    ...options,
    onSubmit: (values) => {
      const run = watchCalls(() => options.onSubmit(values));
      changed.current = run.slices;
      return run.result;
    },
    onSuccess: async (result, values, form) => {
      if (refresh) await invalidateAfter(qc, changed.current);
      const said = typeof success === 'function' ? success(values, result) : success;
      if (said) toastBridge.current?.success(said);
      await onDone?.(result, values, form);
    },
  });
}
