// The envelope every JSON answer travels in (spec §8), as a schema for the server and OpenAPI.
// Kept apart from errors.ts so the client, which reads envelopes by hand, does not load zod.
import { z } from 'zod';

/** The envelope every JSON endpoint answers with. */
export const EnvelopeSchema = z.object({
  code: z.number(),
  message: z.string().default(''),
  data: z.unknown().optional(),
  /** For validation errors: the dotted path of the first bad field, e.g. "body.phone". */
  field: z.string().optional(),
});
export type TEnvelope = z.infer<typeof EnvelopeSchema>;
