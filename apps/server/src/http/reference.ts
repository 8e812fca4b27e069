// A readable API reference page for developers of other internal apps, from the contract.
import { catalogue } from '@bo/api-sdk';

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

export function referencePage(): string {
  const bySlice = new Map<string, ReturnType<typeof catalogue>>();
  for (const e of catalogue()) bySlice.set(e.slice, [...(bySlice.get(e.slice) ?? []), e]);
  const sections = [...bySlice]
    .map(
      ([slice, list]) =>
        `<section id="${esc(slice)}"><h2>${esc(slice)}</h2><table><thead><tr><th>method</th><th>path</th><th>name</th><th>service</th><th>access</th><th>summary</th></tr></thead><tbody>${list
          .map((e) => {
            const a = e.endpoint.access;
            const access = a.kind === 'privilege' ? a.anyOf.join(' | ') : a.kind;
            return `<tr><td><code>${e.method}</code></td><td><code>/api${esc(e.path)}</code></td><td>${esc(`${e.slice}.${e.name}`)}</td><td>${esc(e.service)}</td><td>${esc(access)}</td><td>${esc(e.summary)}</td></tr>`;
          })
          .join('')}</tbody></table></section>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Back-office API reference</title>
<style>body{font:14px/1.5 system-ui,sans-serif;margin:2rem;color:#1f2937}table{border-collapse:collapse;width:100%;margin-bottom:2rem}td,th{border-bottom:1px solid #e5e7eb;padding:4px 8px;text-align:left;vertical-align:top}th{background:#f9fafb}code{font-size:12px}nav a{margin-right:1em}</style></head>
<body><h1>Back-office API reference</h1>
<p>Every endpoint is declared once in <code>packages/api-sdk</code>. Send the session token in the <code>token</code> header; every query carries <code>v=1.1</code>. Answers are <code>{ code, message, data }</code>: code 0 success, 99 soft error, 400 invalid input (with <code>field</code>), 401 token failed, 403 no permission, 404 not found (with <code>field</code> when the body or query named the record), 409 conflict (with <code>field</code> when one is at fault), 422 rule refused, 429 too many attempts, 503 not configured. Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<nav>${[...bySlice.keys()].map((s) => `<a href="#${esc(s)}">${esc(s)}</a>`).join('')}</nav>${sections}</body></html>`;
}
