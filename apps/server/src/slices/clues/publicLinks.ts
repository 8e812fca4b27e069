// Links a parent opens from a text message without signing in. The token is 32 random bytes; only
// its sha256 is stored. Unknown tokens count as failed guesses of the caller's address (the sign-in
// throttle's table, under its own key), so guessing is slowed and then locked; an expired or used
// link is a known link and never counts. What a page shows is the one child's, nothing of the campus.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, or } from 'drizzle-orm';
import { ErrorCode, type contract } from '@bo/api-sdk';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, badInput, conflict, notFound } from '../../http/errors.js';
import { newToken, tokenHash } from '../../shared/password.js';
import { must } from '../../shared/must.js';
import { assertMayTry, recordFailure } from '../system/index.js';
import { assessScales, schoolItems } from '../../db/schema.js';
import { clueMatriculations, cluePublicLinks, clues } from './tables.js';

export type PublicLinkKind = 'evaluate' | 'result';
type Answer = z.output<(typeof contract.clues)['publicEvaluationSubmit']['body']>;

/** The page path of a link; the JSON endpoints behind it are under /api/public. */
export const publicPath = (kind: PublicLinkKind, token: string) =>
  `/p/${kind === 'evaluate' ? 'evaluate' : 'result'}/${token}`;
/** What the sends list keeps of a link: the page and the token's first characters, never the token. */
export const maskedPath = (kind: PublicLinkKind, token: string) => `${publicPath(kind, token.slice(0, 6))}…`;

/** The throttle's "account" for link guesses, and the address key kept apart from sign-ins. */
const GUESS_KEY = 'public-link:guess';
const guessAddress = (ip: string) => `link:${ip}`;

export interface NewLink {
  kind: PublicLinkKind;
  clueId: number;
  schoolItemCode: string | null;
  matriculationType: string;
  matriculationId?: number | null;
  sendId?: number | null;
  createdBy: number | null;
}

/** A fresh link token (for the text message) and the hash that is stored. */
export const newLinkToken = (): { token: string; hash: string } => newToken();

/** Stores a link inside the caller's transaction, after its text message was accepted. */
export async function storeLink(
  tx: DbOrTx,
  deps: Pick<AppDeps, 'config'>,
  hash: string,
  l: NewLink,
  now: Date,
): Promise<number> {
  const [row] = await tx
    .insert(cluePublicLinks)
    .values({
      tokenHash: hash,
      kind: l.kind,
      clueId: l.clueId,
      schoolItemCode: l.schoolItemCode,
      matriculationType: l.matriculationType,
      matriculationId: l.matriculationId ?? null,
      sendId: l.sendId ?? null,
      createdBy: l.createdBy,
      createdAt: now,
      expiresAt: new Date(now.getTime() + deps.config.PUBLIC_LINK_TTL_HOURS * 3600_000),
    })
    .returning({ id: cluePublicLinks.id });
  return must(row, 'public link').id;
}

export const linkExpired = () =>
  new AppError(
    ErrorCode.rule,
    '此链接已过期，请联系校区重新发送 / this link has expired; ask the campus to send a new one',
    422,
    'token',
  );
const linkUnknown = () =>
  new AppError(
    ErrorCode.notFound,
    '链接无效，请核对短信中的链接 / this link is not valid; check the link in the text message',
    404,
    'token',
  );

/** The link of a token, throttling failed guesses by address; refuses an expired link. */
async function openLink(deps: AppDeps, kind: PublicLinkKind, token: string, ip: string) {
  const now = deps.now();
  await assertMayTry(deps.db, GUESS_KEY, guessAddress(ip), now);
  const [l] = await deps.db
    .select()
    .from(cluePublicLinks)
    .where(and(eq(cluePublicLinks.tokenHash, tokenHash(token)), eq(cluePublicLinks.kind, kind)));
  if (!l) {
    await recordFailure(deps.db, GUESS_KEY, guessAddress(ip), now);
    throw linkUnknown();
  }
  if (l.expiresAt.getTime() <= now.getTime()) throw linkExpired();
  return l;
}

/** Surname kept, given name hidden: enough for a parent to recognise, little for anyone else. */
export const maskName = (name: string) => {
  const chars = [...name.trim()];
  return chars.length <= 1 ? '*' : `${chars[0]}${'*'.repeat(Math.min(chars.length - 1, 3))}`;
};

async function childAndCampus(db: DbOrTx, clueId: number) {
  const [c] = await db
    .select({ childName: clues.childName, campusName: schoolItems.name })
    .from(clues)
    .leftJoin(schoolItems, eq(schoolItems.code, clues.schoolItemCode))
    .where(eq(clues.id, clueId));
  if (!c) throw linkUnknown();
  return { childName: maskName(c.childName), campusName: c.campusName ?? '' };
}

/** The active scale an evaluation type names (by code or name); none → a description only. */
async function scaleOf(db: DbOrTx, type: string) {
  const [s] = await db
    .select({ name: assessScales.name, items: assessScales.items })
    .from(assessScales)
    .where(and(or(eq(assessScales.code, type), eq(assessScales.name, type)), eq(assessScales.validStatus, 1)))
    .limit(1);
  return s ?? null;
}

export async function evaluationForm(deps: AppDeps, token: string, ip: string) {
  const l = await openLink(deps, 'evaluate', token, ip);
  const scale = await scaleOf(deps.db, l.matriculationType);
  return {
    ...(await childAndCampus(deps.db, l.clueId)),
    matriculationType: l.matriculationType,
    scaleName: scale?.name ?? null,
    items: scale?.items ?? [],
    expiresAt: l.expiresAt.toISOString(),
    answered: !!l.usedAt,
  };
}

/**
 * Records the parent's answers as an assessment record of the clue (source 'parent'), once: the
 * link is claimed by `used_at is null` in the same transaction, so a second answer is 409. The
 * clue's state does not move: the consultant's own assessment does that.
 */
export async function submitEvaluation(deps: AppDeps, token: string, a: Answer, ip: string) {
  const l = await openLink(deps, 'evaluate', token, ip);
  if (l.usedAt) throw answeredAlready();
  const scale = await scaleOf(deps.db, l.matriculationType);
  const items = scale?.items ?? [];
  const byName = new Map(a.scores.map((s) => [s.name, s.score]));
  const scores: { name: string; score: number }[] = [];
  for (const [i, item] of items.entries()) {
    const v = byName.get(item.name);
    if (v === undefined)
      throw badInput(`scores.${i}`, `scores.${i}: 请为「${item.name}」打分 / score "${item.name}"`);
    if (v > item.maxScore)
      throw badInput(
        `scores.${i}`,
        `scores.${i}: 「${item.name}」最高${item.maxScore}分 / "${item.name}" is at most ${item.maxScore}`,
      );
    scores.push({ name: item.name, score: v });
  }
  const unknown = a.scores.findIndex((s) => !items.some((it) => it.name === s.name));
  if (unknown >= 0)
    throw badInput(`scores.${unknown}`, `scores.${unknown}: 量表中没有该项目 / no such item in the scale`);
  if (!items.length && !a.description)
    throw badInput('description', 'description: 请描述孩子的情况 / describe the child, please');
  const now = deps.now();
  const summary = scores.map((s) => `${s.name} ${s.score}`).join('；');
  await deps.db.transaction(async (tx) => {
    const [m] = await tx
      .insert(clueMatriculations)
      .values({
        clueId: l.clueId,
        uuid: randomUUID(),
        matriculationType: l.matriculationType,
        conclusion: [summary, a.description].filter(Boolean).join('\n'),
        score: scores.length ? scores.reduce((n, s) => n + s.score, 0) : null,
        suggestion: '',
        assessorName: a.filledBy ? `家长 ${a.filledBy}` : '家长 / parent',
        createdBy: null,
        createdAt: now,
        source: 'parent',
        answers: scores,
      })
      .returning({ id: clueMatriculations.id });
    const claimed = await tx
      .update(cluePublicLinks)
      .set({ usedAt: now, matriculationId: must(m, 'assessment').id })
      .where(and(eq(cluePublicLinks.id, l.id), isNull(cluePublicLinks.usedAt)))
      .returning({ id: cluePublicLinks.id });
    if (!claimed.length) throw answeredAlready();
  });
  return { submittedAt: now.toISOString() };
}

const answeredAlready = () =>
  conflict('该评估已提交，感谢您的填写 / this evaluation was already submitted, thank you', 'token');

export async function evaluationResult(deps: AppDeps, token: string, ip: string) {
  const l = await openLink(deps, 'result', token, ip);
  const [m] = l.matriculationId
    ? await deps.db.select().from(clueMatriculations).where(eq(clueMatriculations.id, l.matriculationId))
    : [];
  if (!m || m.clueId !== l.clueId) throw notFound('评估结果 / assessment');
  return {
    ...(await childAndCampus(deps.db, l.clueId)),
    matriculationType: m.matriculationType,
    conclusion: m.conclusion,
    score: m.score,
    suggestion: m.suggestion,
    assessorName: m.assessorName,
    assessedAt: m.createdAt.toISOString(),
    expiresAt: l.expiresAt.toISOString(),
  };
}
