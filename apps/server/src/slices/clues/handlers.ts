import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';

export const cluesHandlers: SliceHandlers<typeof contract.clues> = {};
