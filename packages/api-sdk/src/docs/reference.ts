// REFERENCE.md, written from the contract: every call of the SDK by business area, its HTTP method and
// path, who may call it, its inputs (a starred field is required) and what it does.
// `pnpm --filter @bo/api-sdk reference` rewrites it; reference.test.ts fails while it is not current.
import { z } from 'zod';
import type { AnyEndpoint, Slice } from '../contract/define.js';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/** Top-level fields of an input schema, required ones starred: 'name*, note'. */
function fields(s: z.ZodType | undefined): string {
  if (!s) return '';
  let js: { properties?: Record<string, unknown>; required?: string[] };
  try {
    js = z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as typeof js;
  } catch {
    return '…';
  }
  const required = new Set(js.required ?? []);
  return Object.keys(js.properties ?? {})
    .map((k) => (required.has(k) ? `${k}*` : k))
    .join(', ');
}

function input(e: AnyEndpoint): string {
  const parts: string[] = [];
  for (const k of ['params', 'query', 'body'] as const) {
    const f = fields(e[k]);
    if (f) parts.push(`${k}: ${f}`);
  }
  if (e.kind === 'upload') parts.push('file');
  return parts.join('; ');
}

const access = (e: AnyEndpoint) =>
  e.access.kind === 'privilege' ? e.access.anyOf.map((p) => `\`${p}\``).join(' or ') : e.access.kind;

const answer = (e: AnyEndpoint) =>
  e.kind === 'download'
    ? 'a file (Blob)'
    : e.returnsFile
      ? 'a result workbook or a message'
      : e.soft
        ? 'data or { errorMessage }'
        : 'data';

/** The reference of a contract (a record of slices) as Markdown. */
export function renderReference(contract: Record<string, Slice>, version: string): string {
  const out: string[] = [
    '# @bo/api-sdk reference',
    '',
    `Generated from the contract of version ${version} by \`pnpm --filter @bo/api-sdk reference\`; do not edit.`,
    'Each call is `sdk.<area>.<name>(input)`; the schemas and row types of an area come from',
    '`@bo/api-sdk/<area>`. Input fields marked * are required. Access: `public` (no sign-in), `signedIn`',
    '(any signed-in caller), or the privilege codes of which the caller needs one (an administrator holds all).',
    '',
    '## Areas',
    '',
    Object.entries(contract)
      .map(([slice, s]) => `[${slice}](#${slice.toLowerCase()}) (${Object.keys(s).length})`)
      .join(' · '),
    '',
  ];
  for (const [slice, endpoints] of Object.entries(contract)) {
    out.push(
      `## ${slice}`,
      '',
      '| call | HTTP | access | input | answer | what |',
      '| --- | --- | --- | --- | --- | --- |',
    );
    for (const [name, e] of Object.entries(endpoints))
      out.push(
        `| \`${slice}.${name}\` | ${e.method} \`${e.path}\` | ${access(e)} | ${cell(input(e))} | ${answer(e)} | ${cell(e.summary)} |`,
      );
    out.push('');
  }
  return out.join('\n');
}
