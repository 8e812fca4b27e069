// Revenue (确认收入): the value of the hours consumed — attendance at the price paid (docs/metrics.md).
// A cancelled attendance reverses its consumption, so it leaves the month of the cancel.
import type { AppDeps } from '../../deps.js';
import { periodBy, periodTotals, periodTrend, type Dimension } from './facts.js';
import type { FigureScope } from './scope.js';

const CONSUME = ['consume'] as const;

export async function summary(deps: AppDeps, s: FigureScope) {
  const t = await periodTotals(deps, s, CONSUME, -1);
  return { period: s.period, revenueCents: t.cents, consumedHours: t.hours, students: t.students };
}

export const by = (deps: AppDeps, s: FigureScope, d: Dimension) => periodBy(deps, s, CONSUME, -1, d);
export const trend = (deps: AppDeps, s: FigureScope, d: Dimension) => periodTrend(deps, s, CONSUME, -1, d);
