// Regions (province types), campuses (school items), cities and city ranks.
import type { Slice } from './define.js';

export const organisation = {} satisfies Slice;
