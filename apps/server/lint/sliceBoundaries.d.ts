import type { Rule } from 'eslint';
export declare const sliceBoundaries: Rule.RuleModule;
