// A value that settles: the last one given, once it has not changed for `ms` (compared by JSON).
import { useEffect, useState } from 'react';

export function useDebounced<T>(value: T, ms: number): { value: T; settling: boolean } {
  const key = JSON.stringify(value);
  const [settled, setSettled] = useState<{ key: string; value: T }>({ key, value });
  useEffect(() => {
    if (key === settled.key) return;
    const timer = setTimeout(() => setSettled({ key, value }), ms);
    return () => clearTimeout(timer);
    // `value` is read through its key: a new object with the same content is no change.
  }, [key, ms, settled.key]);
  return { value: settled.value, settling: key !== settled.key };
}
