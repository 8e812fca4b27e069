// The e-signature callback is signed over its exact bytes, which parsing and re-serialising would not
// reproduce: the contracts slice's JSON parser keeps each request's raw text beside the parsed body.
import type { FastifyInstance, FastifyRequest } from 'fastify';

const raw = new WeakMap<FastifyRequest, string>();

/** The raw JSON text of a request of this slice ('' when it had none). */
export const rawBodyOf = (req: FastifyRequest): string => raw.get(req) ?? '';

/** Installs the parser in the slice's own scope; every other slice keeps the default one. */
export function keepRawJson(scope: FastifyInstance): void {
  const parse = scope.getDefaultJsonParser('error', 'error');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    raw.set(req, text);
    void parse(req, text, done);
  });
}
