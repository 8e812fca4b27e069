// The closing summary of a command: aligned "label: value" lines on stdout.
export function formatSummary(title: string, entries: [string, string | number | undefined][]): string {
  const shown = entries.filter(([, v]) => v !== undefined);
  const w = Math.max(...shown.map(([k]) => k.length), 0);
  return [title, ...shown.map(([k, v]) => `  ${k.padEnd(w)}  ${v}`)].join('\n') + '\n';
}

export function printSummary(
  title: string,
  entries: [string, string | number | undefined][],
  out: { write(s: string): unknown } = process.stdout,
): void {
  out.write(formatSummary(title, entries));
}
