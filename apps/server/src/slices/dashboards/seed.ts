// Demo saturation snapshots (issue 34 §5): the nightly job's records of the past days, written by the
// job's own statement (recordDay) on a clock set to the night after each day, so
// /dataStatistics/saturationRate shows last night's snapshot from the first start (the job itself
// records its first day a minute after the server starts) and the snapshot list has a month of history.
// Every campus's and teacher's load as the demo's lessons make it (docs/metrics.md "Saturation").
import { shanghaiDate, shanghaiDayOf } from '@bo/domain';
import { seedDeps, type SeedContext } from '../../seed/context.js';
import { recordDay } from './snapshots.js';

/** How many past days the demo has snapshots of (yesterday and the days before it). */
export const SNAPSHOT_DAYS = 30;
/** When the job records a day: half an hour after midnight in Shanghai (its first tick of the night). */
const TAKEN_AFTER_MS = 30 * 60_000;

export async function seedSaturationSnapshotsDemo({ db, now, wiring }: SeedContext) {
  const today = shanghaiDayOf(shanghaiDate(now));
  if (!today) return;
  for (let back = SNAPSHOT_DAYS; back >= 1; back--) {
    const nightAfter = new Date(today.getTime() - (back - 1) * 86_400_000);
    const day = shanghaiDate(new Date(nightAfter.getTime() - 86_400_000));
    // Yesterday's is taken now when the seed runs before the job's time of the night.
    const takenAt = new Date(Math.min(nightAfter.getTime() + TAKEN_AFTER_MS, now.getTime()));
    await recordDay(seedDeps(wiring, db, takenAt), day);
  }
}
