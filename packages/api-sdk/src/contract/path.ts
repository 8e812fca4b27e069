// Fills an endpoint's path parameters; apart from define.ts so the client loads without zod.
/** Fills {name} placeholders of a path. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null || v === '')
      throw new Error(`missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(v));
  });
}
