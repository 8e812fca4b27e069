// The new-assessment form's rules that need no screen: the answers a scale's score inputs make (in
// the scale's order, an empty input is an item not scored yet), their total, and the values an
// assessment read from the server starts the form with.
import type { TAssessmentAnswer, TAssessmentDetail, TAssessScaleItem } from '@bo/api-sdk';

/** Typed scores by item name ('' = not scored yet). */
export type ScoreInputs = Record<string, string>;

/** The scored items, in the scale's order; an input that is not a whole number is left out. */
export function answersOf(items: readonly TAssessScaleItem[], inputs: ScoreInputs): TAssessmentAnswer[] {
  return items.flatMap((item) => {
    const v = (inputs[item.name] ?? '').trim();
    if (v === '' || !/^\d+$/.test(v)) return [];
    return [{ name: item.name, score: Number(v) }];
  });
}

export const totalOf = (answers: readonly TAssessmentAnswer[]) => answers.reduce((n, a) => n + a.score, 0);

/** Items of the scale still without a score (submitting needs none). */
export const unscored = (items: readonly TAssessScaleItem[], answers: readonly TAssessmentAnswer[]) =>
  items.filter((i) => !answers.some((a) => a.name === i.name)).map((i) => i.name);

/** The inputs of answers read back (an answer for an item the scale no longer has is dropped). */
export const inputsOf = (answers: readonly TAssessmentAnswer[]): ScoreInputs =>
  Object.fromEntries(answers.map((a) => [a.name, String(a.score)]));

/** Whether an assessment read from the server may still be changed on the form. */
export const editable = (a: Pick<TAssessmentDetail, 'status' | 'origin'>) =>
  a.status === 'draft' && a.origin === 'student';
