// When the figures on screen are from: reports answered by a read replica that lags say the time
// their data is from (the SDK's onDataAsOf hook); the top bar shows the oldest such time among the
// current screen's answers until they are current again or the user opens another screen.
import { useSyncExternalStore } from 'react';

const lagging = new Map<string, Date>();
const listeners = new Set<() => void>();
let oldest: Date | null = null;

function changed() {
  let o: Date | null = null;
  for (const d of lagging.values()) if (!o || d < o) o = d;
  if (o?.getTime() === oldest?.getTime()) return;
  oldest = o;
  for (const l of listeners) l();
}

/** The SDK's onDataAsOf hook: an endpoint's answer is from `asOf` (null: current). */
export function noteDataAsOf(endpoint: string, asOf: Date | null) {
  if (asOf) lagging.set(endpoint, asOf);
  else lagging.delete(endpoint);
  changed();
}

/** Another screen: what the last one was told no longer applies. */
export function forgetDataAsOf() {
  lagging.clear();
  changed();
}

/** The oldest time the current screen's report data is from, or null when it is current. */
export function useDataAsOf(): Date | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => oldest,
  );
}
