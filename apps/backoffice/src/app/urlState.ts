// A screen's filter kept in the URL under `<prefix>.<key>`, so a reload or a shared link shows the
// same view. Updates are functional and carry only the keys the caller changed: two selectors
// preselecting in one render never undo each other's choice.
import { useSearchParams } from 'react-router';

export type UrlValues<K extends string> = Partial<Record<K, string>>;

export function useUrlState<K extends string>(
  prefix: string,
  keys: readonly K[],
  defaults: UrlValues<K> = {},
): { value: UrlValues<K>; set: (patch: Partial<Record<K, string | undefined>>) => void } {
  const [sp, setSp] = useSearchParams();
  const read = (p: URLSearchParams): UrlValues<K> => {
    const out: UrlValues<K> = {};
    for (const k of keys) {
      const v = p.get(`${prefix}.${k}`) || defaults[k];
      if (v) out[k] = v;
    }
    return out;
  };
  return {
    value: read(sp),
    set: (patch) =>
      setSp(
        (prev) => {
          const all: Partial<Record<K, string | undefined>> = { ...read(prev), ...patch };
          const next = new URLSearchParams();
          // Other screens' keys in the URL stay as they are.
          prev.forEach((v, k) => {
            if (!k.startsWith(`${prefix}.`)) next.set(k, v);
          });
          for (const k of keys) {
            const v = all[k];
            if (v !== undefined && v !== '' && v !== defaults[k]) next.set(`${prefix}.${k}`, v);
          }
          return next;
        },
        { replace: true },
      ),
  };
}
