// Load shedding: at most MAX_CONCURRENT_REQUESTS API requests run at once, MAX_QUEUED_REQUESTS
// wait (first come, first served, up to QUEUE_TIMEOUT_MS); beyond that the answer is an immediate
// 503, so an overloaded server stays responsive instead of drowning in a backlog nobody waits for.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { serverBusy } from './errors.js';

export interface GateOptions {
  maxConcurrent: number;
  maxQueued: number;
  queueTimeoutMs: number;
}

interface Waiter {
  grant: () => void;
}

export function concurrencyGate(o: GateOptions) {
  let active = 0;
  const queue: Waiter[] = [];

  const next = () => {
    while (active < o.maxConcurrent && queue.length) {
      const w = queue.shift();
      if (w) {
        active += 1;
        w.grant();
      }
    }
  };

  /** Frees the slot once, when the answer is written or the client leaves. */
  const holdUntilClosed = (reply: FastifyReply) => {
    let held = true;
    reply.raw.once('close', () => {
      if (!held) return;
      held = false;
      active -= 1;
      next();
    });
  };

  return {
    /** Fastify onRequest hook. */
    async onRequest(req: FastifyRequest, reply: FastifyReply): Promise<void> {
      if (o.maxConcurrent <= 0) return;
      if (active < o.maxConcurrent) {
        active += 1;
        holdUntilClosed(reply);
        return;
      }
      if (queue.length >= o.maxQueued) throw serverBusy();
      await new Promise<void>((resolve, reject) => {
        const socket = req.raw.socket;
        const settle = (err?: Error) => {
          clearTimeout(timer);
          if (err) {
            const i = queue.indexOf(w);
            if (i >= 0) queue.splice(i, 1);
          }
          socket.off('close', left);
          if (err) reject(err);
          else resolve();
        };
        const w: Waiter = { grant: () => settle() };
        const timer = setTimeout(() => settle(serverBusy()), o.queueTimeoutMs);
        // A client that leaves while waiting gives its place up: its work is never started.
        const left = () => settle(serverBusy());
        socket.once('close', left);
        queue.push(w);
      });
      holdUntilClosed(reply);
    },
    stats: () => ({ active, queued: queue.length }),
  };
}
