// The contracts slice's public face: paper contracts, contract supplements, service-time changes,
// electronic contracts and the special survey.
import type { FastifyInstance } from 'fastify';
import { contract } from '@bo/api-sdk';
import type { AppDeps } from '../../deps.js';
import { registerSlice } from '../../http/register.js';
import { contractsHandlers } from './handlers.js';
import { keepRawJson } from './rawBody.js';

export { agreements, eContracts, specialSurveys } from './tables.js';
export { contractsHandlers } from './handlers.js';

/** Registers the slice in a scope whose JSON parser keeps the raw text the e-sign callback is signed over. */
export function registerContracts(app: FastifyInstance, deps: AppDeps): void {
  void app.register(async (scope) => {
    keepRawJson(scope);
    registerSlice(scope, deps, 'contracts', contract.contracts, contractsHandlers);
  });
}
