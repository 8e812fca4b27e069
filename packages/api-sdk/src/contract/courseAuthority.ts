// Which teacher may teach which course ranks (/schedule/authority).
import type { Slice } from './define.js';

export const courseAuthority = {} satisfies Slice;
