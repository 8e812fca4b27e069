// OpenAPI 3.1 document generated from the contract (zod → JSON Schema), for other internal apps.
import { z } from 'zod';
import { catalogue } from './contract/index.js';
import { EnvelopeSchema } from './envelope.js';

const toSchema = (s: z.ZodType, io: 'input' | 'output') => {
  try {
    return z.toJSONSchema(s, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  } catch {
    return {};
  }
};

/** Builds the OpenAPI document; paths are under `prefix` (the server mounts the API at /api). */
export function buildOpenApi(prefix = '/api'): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of catalogue()) {
    const d = e.endpoint;
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ['path', d.params],
      ['query', d.query],
    ] as const) {
      if (!schema) continue;
      const js = toSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, p] of Object.entries(js.properties ?? {})) {
        parameters.push({
          name,
          in: where,
          required: where === 'path' || (js.required ?? []).includes(name),
          schema: p,
        });
      }
    }
    parameters.push({
      name: 'token',
      in: 'header',
      required: d.access.kind !== 'public',
      schema: { type: 'string' },
    });
    const op: Record<string, unknown> = {
      operationId: `${e.slice}.${e.name}`,
      tags: [e.slice],
      summary: d.summary,
      description: `service: ${d.service}; access: ${d.access.kind === 'privilege' ? `privilege ${d.access.anyOf.join(' | ')}` : d.access.kind}`,
      parameters,
      responses: {
        200:
          d.kind === 'download'
            ? {
                description: 'a file',
                content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
              }
            : {
                description: 'envelope { code, message, data }',
                content: {
                  'application/json': {
                    schema: {
                      ...toSchema(EnvelopeSchema, 'output'),
                      properties: {
                        code: { type: 'integer' },
                        message: { type: 'string' },
                        data: toSchema(d.response, 'output'),
                      },
                    },
                  },
                },
              },
      },
    };
    if (d.kind === 'upload') {
      op.requestBody = {
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                file: { type: 'string', format: 'binary' },
                payload: d.body ? toSchema(d.body, 'input') : { type: 'string' },
              },
            },
          },
        },
      };
    } else if (d.body) {
      op.requestBody = {
        required: true,
        content: { 'application/json': { schema: toSchema(d.body, 'input') } },
      };
    }
    const p = prefix + d.path;
    (paths[p] ??= {})[d.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Back-office API',
      version: '1.1',
      description:
        'Every endpoint of the back office, generated from the contract in packages/api-sdk. Every answer is an envelope { code, message, data }; code 0 is success.',
    },
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
    security: [{ token: [] }],
    paths,
  };
}
