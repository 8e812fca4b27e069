// The lint rule that keeps slices apart (lint/sliceBoundaries.js): what it refuses and what it lets by.
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { sliceBoundaries } from '../lint/sliceBoundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const inSlice = (file: string) => path.join(process.cwd(), 'src', 'slices', file);

tester.run('slice-boundaries', sliceBoundaries, {
  valid: [
    { filename: inSlice('calls/service.ts'), code: "import { loadClue } from '../clues/index.js';" },
    { filename: inSlice('calls/service.ts'), code: "import { clues } from '../../db/schema.js';" },
    { filename: inSlice('calls/service.ts'), code: "import { callRecords } from './tables.js';" },
    { filename: inSlice('calls/service.ts'), code: "import { and } from 'drizzle-orm';" },
    { filename: inSlice('index.ts'), code: "import { callsHandlers } from './calls/index.js';" },
    // Outside the slices folder (composition, seeding, tests) the rule does not apply.
    {
      filename: path.join(process.cwd(), 'src', 'main.ts'),
      code: "import { x } from './slices/clues/jobs.js';",
    },
  ],
  invalid: [
    {
      filename: inSlice('calls/service.ts'),
      code: "import { loadClue } from '../clues/common.js';",
      errors: [
        {
          messageId: 'internal',
          data: { source: '../clues/common.js', slice: 'clues', face: '../clues/index.js' },
        },
      ],
    },
    {
      filename: inSlice('calls/service.ts'),
      code: "import { users } from '../system/tables.js';",
      errors: [{ messageId: 'internal' }],
    },
    {
      filename: inSlice('calls/service.ts'),
      code: "import type { ResourceRecord } from '../resources/common.js';",
      errors: [{ messageId: 'internal' }],
    },
    {
      filename: inSlice('calls/service.ts'),
      code: "export { insertClue } from '../clues/service.js';",
      errors: [{ messageId: 'internal' }],
    },
    {
      filename: inSlice('calls/service.ts'),
      code: "async function f() { return import('../system/tables.js'); }",
      errors: [{ messageId: 'internal' }],
    },
    {
      filename: inSlice('index.ts'),
      code: "import { callsHandlers } from './calls/handlers.js';",
      errors: [
        {
          messageId: 'internal',
          data: { source: './calls/handlers.js', slice: 'calls', face: './calls/index.js' },
        },
      ],
    },
  ],
});
