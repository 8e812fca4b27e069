// A dialog a list declaration opens from a row or bulk action: the actions are plain callbacks of a
// module-level declaration, so they put what to open in a slot, and the slot's host (rendered in
// the screen's toolbar) shows the dialog until it closes.
import { useSyncExternalStore, type ReactNode } from 'react';

export function dialogSlot<T>() {
  let value: T | null = null;
  const listeners = new Set<() => void>();
  const set = (v: T | null) => {
    value = v;
    listeners.forEach((f) => f());
  };
  const subscribe = (f: () => void) => {
    listeners.add(f);
    return () => {
      listeners.delete(f);
    };
  };
  function Host({ render }: { render: (v: T, close: () => void) => ReactNode }) {
    const v = useSyncExternalStore(subscribe, () => value);
    return v === null ? null : <>{render(v, () => set(null))}</>;
  }
  return { open: (v: T) => set(v), close: () => set(null), Host };
}
