// Every message the server can say is written so that the envelope writer can answer one language:
// the convention '中文 / English' splits on its first ' / ' (packages/domain language.ts). This scans
// the server's sources for text literals, as a new message written by anyone is scanned too.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { halves, inLanguage } from '@bo/domain';

const SRC = path.resolve(import.meta.dirname, '..');
const CJK = /[\u3400-\u9fff]/;
/** Stands for an interpolation `${…}` in a template literal. */
const HOLE = '\u0001';

/**
 * Literals holding ' / ' and Chinese that are not messages to one person: HTML pages that show both
 * languages side by side (parents' public forms) and SQL. Named by file.
 */
const NOT_MESSAGES = new Set(['slices/clues/publicPages.ts', 'seed/bulkMoney.ts']);

/** The error helpers and which argument is their message (a literal there must be bilingual). */
const THROWERS = new Map([
  ['badInput', 1],
  ['conflict', 0],
  ['ruleViolation', 0],
  ['noPermission', 0],
  ['tooMany', 0],
  ['softError', 0],
  ['notFound', 0],
  ['notConfigured', 0],
]);

interface Found {
  where: string;
  text: string;
  thrown: boolean;
}

function literals(): Found[] {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !NOT_MESSAGES.has(f.split(path.sep).join('/')),
  );
  const out: Found[] = [];
  for (const f of files) {
    const source = ts.createSourceFile(
      f,
      readFileSync(path.join(SRC, f), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    const visit = (node: ts.Node) => {
      let text: string | undefined;
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
      else if (ts.isTemplateExpression(node))
        text = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(HOLE);
      if (text !== undefined) {
        const call = node.parent;
        const thrown =
          ts.isCallExpression(call) &&
          ts.isIdentifier(call.expression) &&
          call.arguments[THROWERS.get(call.expression.text) ?? -1] === node;
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        out.push({ where: `${f}:${line}`, text, thrown });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

describe('server messages', () => {
  const all = literals();

  it('split into exactly one Chinese half and one English half', () => {
    const messages = all.filter((l) => l.text.includes(' / ') && CJK.test(l.text));
    expect(messages.length).toBeGreaterThan(1000);
    const wrong = messages
      .filter((l) => {
        // A separator without its space before ('已有课）/ teacher …') is no separator at all.
        if (/[^\s]\/ [A-Za-z]/.test(l.text)) return true;
        const parts = l.text.split(' / ');
        return parts.length !== 2 || !CJK.test(parts[0] ?? '') || CJK.test(parts[1] ?? '');
      })
      .map((l) => `${l.where}: ${l.text.replaceAll(HOLE, '${…}')}`);
    expect(wrong).toEqual([]);
  });

  it('given to an error helper as a literal, are bilingual (or Chinese only where the spec says so)', () => {
    const wrong = all
      .filter((l) => l.thrown && !(l.text.includes(' / ') && CJK.test(l.text)))
      .map((l) => `${l.where}: ${l.text.replaceAll(HOLE, '${…}')}`);
    expect(wrong).toEqual([]);
  });

  it('answer one half per language, both as written without one', () => {
    const m = '教师 陈思远 当天已有课 / teacher 陈思远 already teaches that day';
    expect(inLanguage(m, 'zh-CN')).toBe('教师 陈思远 当天已有课');
    expect(inLanguage(m, 'en')).toBe('teacher 陈思远 already teaches that day');
    expect(inLanguage(m, null)).toBe(m);
    // An English half may hold a slash of its own: only the first separator splits.
    expect(halves('金额 / amount / unit').en).toBe('amount / unit');
    // Spec §8's exact texts have no halves and stay as they are.
    expect(inLanguage('Token验证失败!', 'en')).toBe('Token验证失败!');
  });
});
