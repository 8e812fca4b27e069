// The students slice's public face: other slices create and read students only through it.
export { students, studentFollows } from './tables.js';
export {
  ADVISER_ROLES,
  createStudent,
  insertStudent,
  assertPhoneFree,
  DELETED,
  type NewStudent,
  type PhoneHolder,
  type PhoneHolderSource,
  type PhoneHoldersSource,
  type By,
  type StudentRecord,
} from './service.js';
export { assertCanSeeStudent } from './queries.js';
export { studentUsage } from './usage.js';
export { studentsHandlers } from './handlers.js';
