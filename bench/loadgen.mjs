// One load run in its own process (so the load does not share the server's event loop):
// `node loadgen.mjs <url> <connections> <seconds> [token]` prints {requests, rps, p50, p99, errors, non2xx}.
import http from 'node:http';

const [url, connArg, secArg, token] = process.argv.slice(2);
const connections = Number(connArg);
const ms = Number(secArg) * 1000;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const lat = [];
let errors = 0;
let non2xx = 0;
const started = Date.now();
const one = () =>
  new Promise((resolve) => {
    const t = process.hrtime.bigint();
    const req = http.get(url, { agent, headers: token ? { token } : {}, timeout: 30_000 }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode < 200 || res.statusCode >= 300) non2xx += 1;
        lat.push(Number(process.hrtime.bigint() - t) / 1e6);
        resolve();
      });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => {
      errors += 1;
      resolve();
    });
  });
const loop = async () => {
  while (Date.now() - started < ms) await one();
};
await Promise.all(Array.from({ length: connections }, loop));
const secs = (Date.now() - started) / 1000;
lat.sort((a, b) => a - b);
const q = (p) => (lat.length ? lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] : 0);
console.log(
  JSON.stringify({ requests: lat.length, rps: lat.length / secs, p50: q(0.5), p99: q(0.99), errors, non2xx }),
);
agent.destroy();
