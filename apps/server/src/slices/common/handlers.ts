import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import { dictItems } from '../dictionaries/index.js';
import { citiesOf, countiesOf, divisionTree, divisionsToDepth } from './divisions.js';
import { NATIONS, RELATION_TYPES } from './nations.js';

export const commonHandlers: SliceHandlers<typeof contract.common> = {
  dictData: async ({ deps, query }) => dictItems(deps.db, query.type),
  relationTypes: async () => [...RELATION_TYPES],
  fullProvinces: async () => divisionTree(),
  fullProvinces2: async ({ params }) => divisionsToDepth(params.n),
  provinces: async () => divisionsToDepth(1),
  cities: async ({ params }) => citiesOf(params.id),
  counties: async ({ params }) => countiesOf(params.id),
  nations: async () => [...NATIONS],
};
