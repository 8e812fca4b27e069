// One load run in its own process (so the load does not share the server's event loop):
// `node loadgen.mjs <url> <connections> <seconds> [token]` prints {requests, rps, p50, p99, errors, non2xx};
// `node loadgen.mjs --mix <file.json> <connections> <seconds>` sends the requests of the file's list
// ([{name, url, token}], full URLs), each connection going round the list from its own place, and
// adds `byName`: {name: {requests, p50, p99, non2xx}} per entry.
import http from 'node:http';
import { readFileSync } from 'node:fs';

const argv = process.argv.slice(2);
const mix = argv[0] === '--mix' ? JSON.parse(readFileSync(argv[1], 'utf8')) : undefined;
const [url, connArg, secArg, token] = mix ? [undefined, ...argv.slice(2)] : argv;
const targets = mix ?? [{ name: '', url, token }];
const connections = Number(connArg);
const ms = Number(secArg) * 1000;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const lat = [];
const byName = new Map();
let errors = 0;
let non2xx = 0;
const started = Date.now();
const one = (target) =>
  new Promise((resolve) => {
    const t = process.hrtime.bigint();
    const headers = target.token ? { token: target.token } : {};
    const req = http.get(target.url, { agent, headers, timeout: 30_000 }, (res) => {
      res.resume();
      res.on('end', () => {
        const bad = res.statusCode < 200 || res.statusCode >= 300;
        if (bad) non2xx += 1;
        const ms = Number(process.hrtime.bigint() - t) / 1e6;
        lat.push(ms);
        const mine = byName.get(target.name) ?? { lat: [], non2xx: 0 };
        mine.lat.push(ms);
        if (bad) mine.non2xx += 1;
        byName.set(target.name, mine);
        resolve();
      });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => {
      errors += 1;
      resolve();
    });
  });
const loop = async (start) => {
  for (let i = start; Date.now() - started < ms; i++) await one(targets[i % targets.length]);
};
await Promise.all(Array.from({ length: connections }, (_, c) => loop(c)));
const secs = (Date.now() - started) / 1000;
const q = (xs, p) => (xs.length ? xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] : 0);
lat.sort((a, b) => a - b);
const out = {
  requests: lat.length,
  rps: lat.length / secs,
  p50: q(lat, 0.5),
  p99: q(lat, 0.99),
  errors,
  non2xx,
};
if (mix)
  out.byName = Object.fromEntries(
    [...byName].map(([name, m]) => {
      m.lat.sort((a, b) => a - b);
      return [name, { requests: m.lat.length, p50: q(m.lat, 0.5), p99: q(m.lat, 0.99), non2xx: m.non2xx }];
    }),
  );
console.log(JSON.stringify(out));
agent.destroy();
