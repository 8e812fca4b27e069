// Password work runs here: on a bounded pool (PASSWORD_HASH_CONCURRENCY tasks at once; the hashes on
// libuv's threads through @node-rs/argon2) with one line per client address served in turn (FairQueue).
// A sign-in attempt runs whole in its address's line (throttle check, lookup, hash, failure records),
// so a flood of sign-ins from many addresses delays a real user by about one round instead of by the
// flood's backlog; an address holding PASSWORD_QUEUE_PER_ADDRESS tasks already is answered 429 at once,
// and beyond MAX_QUEUED_REQUESTS waiting in all lines the answer is 503 (server busy).
import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import { serverBusy, tooMany } from '../http/errors.js';
import { FairQueue, QueueFull } from './fairQueue.js';
import { hashPassword, needsRehash, verifyPassword, type PasswordCost } from './password.js';

export const passwordsBusy = () =>
  tooMany(
    '此地址的登录请求过多，请稍后再试 / too many sign-ins from this address at once: try again shortly',
  );

export interface PasswordHasher {
  readonly cost: PasswordCost;
  /** Runs `task` in `client`'s line of the pool: 429 when that line is full, 503 when all are. */
  inLine<T>(client: string, task: () => Promise<T>): Promise<T>;
  /** Hashes at the configured cost in `client`'s line. */
  hashInLine(password: string, client: string): Promise<string>;
  /** Verifies in `client`'s line. */
  verifyInLine(password: string, stored: string, client: string): Promise<boolean>;
  /** Hashes at the configured cost, at once: only inside a task of inLine. */
  hash(password: string): Promise<string>;
  /** Verifies against a stored hash (argon2id or scrypt-era), at once: only inside a task of inLine. */
  verify(password: string, stored: string): Promise<boolean>;
  /** True when a stored hash should be replaced by one at the configured cost. */
  needsRehash(stored: string): boolean;
  /** A hash of no one's password at the configured cost: unknown names are verified against it. */
  dummy(): Promise<string>;
  stats(): { running: number; waiting: number; keys: number };
}

export const passwordCost = (config: Config): PasswordCost => ({
  memoryKib: config.ARGON2_MEMORY_KIB,
  timeCost: config.ARGON2_TIME_COST,
});

export function passwordHasher(config: Config): PasswordHasher {
  const cost = passwordCost(config);
  const queue = new FairQueue(
    config.PASSWORD_HASH_CONCURRENCY,
    config.PASSWORD_QUEUE_PER_ADDRESS,
    config.MAX_QUEUED_REQUESTS || Infinity,
  );
  const inLine = async <T>(client: string, task: () => Promise<T>): Promise<T> => {
    try {
      return await queue.run(client, task);
    } catch (e) {
      if (e instanceof QueueFull) throw e.everyone ? serverBusy() : passwordsBusy();
      throw e;
    }
  };
  const hash = (password: string) => hashPassword(password, cost);
  let dummy: Promise<string> | undefined;
  return {
    cost,
    inLine,
    hashInLine: (password, client) => inLine(client, () => hash(password)),
    verifyInLine: (password, stored, client) => inLine(client, () => verifyPassword(password, stored)),
    hash,
    verify: verifyPassword,
    needsRehash: (stored) => needsRehash(stored, cost),
    dummy: () => (dummy ??= hash(randomBytes(24).toString('base64'))),
    stats: () => queue.stats(),
  };
}
