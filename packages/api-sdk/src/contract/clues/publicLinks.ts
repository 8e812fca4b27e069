// The pages a parent opens from a text message, without signing in: the evaluation form and an
// assessment result. The token of the link is the only key (docs/decisions.md "Clues").
import { z } from 'zod';
import { get, post, publicAccess, type Slice } from '../define.js';
import { Ts } from './fields.js';

/** A link token: 32 random bytes in base64url (43 characters). */
export const LinkToken = z.object({
  token: z
    .string()
    .trim()
    .min(20)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'token: 链接无效 / the link is not valid'),
});

export const PublicEvaluation = z.object({
  /** The child's name with the given name hidden (周**). */
  childName: z.string(),
  campusName: z.string(),
  matriculationType: z.string(),
  /** The assessment scale the type names, whose items the parent scores; null: a description only. */
  scaleName: z.string().nullable(),
  items: z.array(z.object({ name: z.string(), maxScore: z.number() })),
  expiresAt: Ts,
  /** The form was already answered (an evaluation link answers once). */
  answered: z.boolean(),
});

export const PublicEvaluationAnswer = z.object({
  scores: z
    .array(z.object({ name: z.string().trim().min(1).max(100), score: z.number().int().min(0).max(1000) }))
    .max(100)
    .default([]),
  description: z.string().trim().max(2000).default(''),
  filledBy: z.string().trim().max(50).default(''),
});

export const PublicEvaluationResult = z.object({
  childName: z.string(),
  campusName: z.string(),
  matriculationType: z.string(),
  conclusion: z.string(),
  score: z.number().nullable(),
  suggestion: z.string(),
  assessorName: z.string(),
  assessedAt: Ts,
  expiresAt: Ts,
});

export const publicLinkEndpoints = {
  publicEvaluation: get('/public/evaluation/{token}', {
    service: 'clue',
    summary:
      'The evaluation form behind a text-message link (no sign-in; unknown token 404, expired 422; failed guesses are throttled). The page is /p/evaluate/{token}.',
    access: publicAccess,
    params: LinkToken,
    response: PublicEvaluation,
  }),
  publicEvaluationSubmit: post('/public/evaluation/{token}', {
    service: 'clue',
    summary:
      'The parent answers the evaluation form once: the answers become an assessment record of the clue (source parent); a second answer is 409.',
    access: publicAccess,
    params: LinkToken,
    body: PublicEvaluationAnswer,
    response: z.object({ submittedAt: Ts }),
  }),
  publicEvaluationResult: get('/public/evaluationResult/{token}', {
    service: 'clue',
    summary:
      'The assessment result behind a text-message link (no sign-in; reusable until it expires). The page is /p/result/{token}.',
    access: publicAccess,
    params: LinkToken,
    response: PublicEvaluationResult,
  }),
} satisfies Slice;
