// The training slice's public face: the /train/* handlers. Its tables come from src/db/schema.ts
// (payroll reads the attended hours there).
export { trainingHandlers } from './handlers.js';
