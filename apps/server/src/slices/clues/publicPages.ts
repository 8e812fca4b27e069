// The pages a parent opens on a phone from a text message: server-rendered HTML, no script, no
// sign-in, one small inline style sheet, zh-CN with English. /p/evaluate/{token} shows the evaluation
// form and takes its answers as an ordinary form post; /p/result/{token} shows an assessment result.
// They call the same services as the public JSON endpoints (publicLinks.ts), so the rules are one.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contract } from '@bo/api-sdk';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../http/errors.js';
import { parseOrThrow } from '../../http/register.js';
import { evaluationForm, evaluationResult, submitEvaluation } from './publicLinks.js';

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.6 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#1f2937;background:#f3f4f6}
main{max-width:560px;margin:0 auto;padding:16px}
.card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 4px}.en{color:#6b7280;font-size:13px}.meta{color:#4b5563;font-size:14px;margin:0 0 16px}
label{display:block;font-weight:600;margin:14px 0 6px}input,textarea{width:100%;font:inherit;padding:10px 12px;border:1px solid #d1d5db;border-radius:8px;background:#fff}
textarea{min-height:120px}button{width:100%;margin-top:20px;padding:12px;font:inherit;font-weight:600;color:#fff;background:#2563eb;border:0;border-radius:8px}
.alert{padding:12px;border-radius:8px;background:#fef2f2;color:#991b1b;margin:0 0 12px}.ok{background:#ecfdf5;color:#065f46}
dl{margin:0}dt{font-weight:600;margin-top:12px}dd{margin:2px 0 0;white-space:pre-wrap}`;

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .headers({
      'cache-control': 'no-store',
      // The token is in the address: it must not travel on as a referrer, nor be indexed.
      'referrer-policy': 'no-referrer',
      'x-robots-tag': 'noindex, nofollow',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
    })
    .send(
      `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${esc(title)}</title><style>${STYLE}</style></head>` +
        `<body><main><div class="card">${body}</div></main></body></html>`,
    );
}

/** An AppError's text for a parent: without the leading field name the API keeps for forms. */
const plain = (e: AppError) =>
  e.field && e.message.startsWith(`${e.field}: `) ? e.message.slice(e.field.length + 2) : e.message;

/** A refused or broken request as a page: the service's own words, never a stack trace. */
function problem(req: FastifyRequest, reply: FastifyReply, e: unknown) {
  if (e instanceof AppError) {
    const title = e.httpStatus === 429 ? '请稍后再试 / Try again later' : '无法打开 / Cannot open';
    return page(reply, e.httpStatus, title, `<h1>${esc(title)}</h1><p class="alert">${esc(plain(e))}</p>`);
  }
  req.log.error({ err: e instanceof Error ? e.message : String(e) }, 'public page failed');
  const title = '服务暂时不可用 / Service unavailable';
  return page(
    reply,
    500,
    title,
    `<h1>${esc(title)}</h1><p class="alert">请稍后再试 / please try again later.</p>`,
  );
}

const tokenOf = (req: FastifyRequest) =>
  (parseOrThrow(contract.clues.publicEvaluation.params, req.params, 'params') as { token: string }).token;

type Form = Awaited<ReturnType<typeof evaluationForm>>;
type Values = Record<string, string>;

function formBody(f: Form, action: string, values: Values, error: string | null) {
  const head =
    `<h1>入学评估问卷 <span class="en">Evaluation</span></h1>` +
    `<p class="meta">${esc(f.childName)} · ${esc(f.campusName)} · ${esc(f.scaleName ?? f.matriculationType)}</p>`;
  if (f.answered)
    return `${head}<p class="alert ok">该评估已提交，感谢您的填写 / this evaluation was already submitted, thank you.</p>`;
  const items = f.items
    .map(
      (it, i) =>
        `<label for="s${i}">${esc(it.name)}（0–${it.maxScore}分 / points）</label>` +
        `<input id="s${i}" name="s${i}" type="number" inputmode="numeric" min="0" max="${it.maxScore}" step="1" required value="${esc(values[`s${i}`] ?? '')}">`,
    )
    .join('');
  return (
    head +
    (error ? `<p class="alert" role="alert">${esc(error)}</p>` : '') +
    `<form method="post" action="${esc(action)}">${items}` +
    `<label for="description">孩子的情况 / About your child${f.items.length ? '（选填 / optional）' : ''}</label>` +
    `<textarea id="description" name="description" maxlength="2000"${f.items.length ? '' : ' required'}>${esc(values.description ?? '')}</textarea>` +
    `<label for="filledBy">填写人 / Filled in by（选填 / optional）</label>` +
    `<input id="filledBy" name="filledBy" maxlength="50" value="${esc(values.filledBy ?? '')}">` +
    `<button type="submit">提交 / Submit</button></form>` +
    `<p class="en">链接有效期至 / open until ${esc(f.expiresAt.slice(0, 10))}</p>`
  );
}

/** The form's fields as the contract's answer: item scores by position, the texts as typed. */
function answerOf(f: Form, v: Values) {
  return {
    scores: f.items.map((it, i) => {
      const raw = (v[`s${i}`] ?? '').trim();
      return { name: it.name, score: /^\d{1,4}$/.test(raw) ? Number(raw) : -1 };
    }),
    description: v.description ?? '',
    filledBy: v.filledBy ?? '',
  };
}

/** Registers the pages; the form post is parsed here only (the API keeps its JSON-only parser). */
export function publicPages(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.get('/p/evaluate/:token', async (req, reply) => {
      try {
        const f = await evaluationForm(deps, tokenOf(req), req.ip);
        return await page(reply, 200, '入学评估问卷 / Evaluation', formBody(f, req.url, {}, null));
      } catch (e) {
        return problem(req, reply, e);
      }
    });

    app.post('/p/evaluate/:token', async (req, reply) => {
      let f: Form | undefined;
      const values = (req.body && typeof req.body === 'object' ? req.body : {}) as Values;
      try {
        const token = tokenOf(req);
        f = await evaluationForm(deps, token, req.ip);
        const missing = answerOf(f, values).scores.findIndex((s) => s.score < 0);
        if (missing >= 0) {
          const name = f.items[missing]?.name ?? '';
          return await page(
            reply,
            400,
            '入学评估问卷 / Evaluation',
            formBody(f, req.url, values, `请为「${name}」填写分数 / give "${name}" a score`),
          );
        }
        const answer = parseOrThrow(
          contract.clues.publicEvaluationSubmit.body,
          answerOf(f, values),
          'body',
        ) as Parameters<typeof submitEvaluation>[2];
        await submitEvaluation(deps, token, answer, req.ip);
        return await page(
          reply,
          200,
          '提交成功 / Submitted',
          `<h1>提交成功 <span class="en">Submitted</span></h1><p class="alert ok">感谢您的填写，老师会尽快与您联系 / thank you: the teacher will be in touch soon.</p>`,
        );
      } catch (e) {
        if (f && e instanceof AppError && e.httpStatus === 400)
          return page(reply, 400, '入学评估问卷 / Evaluation', formBody(f, req.url, values, plain(e)));
        return problem(req, reply, e);
      }
    });

    app.get('/p/result/:token', async (req, reply) => {
      try {
        const r = await evaluationResult(deps, tokenOf(req), req.ip);
        const row = (dt: string, dd: string) => (dd ? `<dt>${esc(dt)}</dt><dd>${esc(dd)}</dd>` : '');
        return await page(
          reply,
          200,
          '评估结果 / Assessment result',
          `<h1>评估结果 <span class="en">Assessment result</span></h1>` +
            `<p class="meta">${esc(r.childName)} · ${esc(r.campusName)} · ${esc(r.assessedAt.slice(0, 10))}</p><dl>` +
            row('评估类型 / Type', r.matriculationType) +
            row('得分 / Score', r.score === null ? '' : String(r.score)) +
            row('评估结论 / Conclusion', r.conclusion) +
            row('建议 / Suggestion', r.suggestion) +
            row('评估老师 / Assessor', r.assessorName) +
            `</dl><p class="en">链接有效期至 / open until ${esc(r.expiresAt.slice(0, 10))}</p>`,
        );
      } catch (e) {
        return problem(req, reply, e);
      }
    });
  };
}
