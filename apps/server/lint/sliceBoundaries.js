// A lint rule keeping the server's slices apart: a file in src/slices/<a>/ reaches another slice
// only through its public face `../<b>/index.js`, and other slices' tables through src/db/schema.ts
// (tables only, so it never closes an import cycle). docs/developing.md "Slice boundaries".
import path from 'node:path';

const MARK = `${path.sep}src${path.sep}slices${path.sep}`;
const FACE = new Set(['index.js', 'index.ts', 'index']);

/** The slices folder and the slice a path lies in (no slice for the folder's own files). */
function locate(file) {
  const at = file.lastIndexOf(MARK);
  if (at < 0) return undefined;
  const root = file.slice(0, at + MARK.length);
  const parts = file.slice(root.length).split(path.sep);
  return { root, slice: parts.length > 1 ? parts[0] : undefined, rest: parts.slice(1).join('/') };
}

/** @type {import('eslint').Rule.RuleModule} */
export const sliceBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Import another server slice only through its index.ts (tables through src/db/schema.ts).',
    },
    schema: [],
    messages: {
      internal:
        "'{{source}}' reaches into the {{slice}} slice: import it from '{{face}}' (export what you need there); another slice's tables come from src/db/schema.ts.",
    },
  },
  create(context) {
    const here = locate(context.filename);
    // Files of the slices folder itself (the registry) are held to the same faces.
    if (!here) return {};
    const check = (node) => {
      const source = node?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = locate(path.resolve(path.dirname(context.filename), source));
      if (!target?.slice || target.root !== here.root || target.slice === here.slice) return;
      if (FACE.has(target.rest)) return;
      const rel = path.relative(
        path.dirname(context.filename),
        path.join(here.root, target.slice, 'index.js'),
      );
      const face = rel.startsWith('.') ? rel : `./${rel}`;
      context.report({
        node,
        messageId: 'internal',
        data: { source, slice: target.slice, face: face.split(path.sep).join('/') },
      });
    };
    return {
      ImportDeclaration: (n) => check(n.source),
      ExportNamedDeclaration: (n) => check(n.source),
      ExportAllDeclaration: (n) => check(n.source),
      ImportExpression: (n) => check(n.source),
    };
  },
};
