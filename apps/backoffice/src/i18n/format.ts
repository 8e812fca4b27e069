/** Fills {name} placeholders: format('共 {n} 条', { n: 3 }) → '共 3 条'. Unknown names stay as written. */
export function format(text: string, vars?: Record<string, string | number>): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}
