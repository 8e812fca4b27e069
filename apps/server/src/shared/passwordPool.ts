// Every password hash and verification of the server runs here: on a bounded pool (PASSWORD_HASH_CONCURRENCY
// at once, on libuv's threads through @node-rs/argon2) with one line per client address served in turn
// (FairQueue), so a flood of sign-ins from many addresses delays a real user by about one round, and an
// address holding PASSWORD_QUEUE_PER_ADDRESS hashes already is answered 429 at once.
import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import { tooMany } from '../http/errors.js';
import { FairQueue, QueueFull } from './fairQueue.js';
import { hashPassword, needsRehash, verifyPassword, type PasswordCost } from './password.js';

export const passwordsBusy = () =>
  tooMany(
    '此地址的登录请求过多，请稍后再试 / too many sign-ins from this address at once: try again shortly',
  );

export interface PasswordHasher {
  readonly cost: PasswordCost;
  /** Hashes at the configured cost, in `client`'s line. */
  hash(password: string, client: string): Promise<string>;
  /** Verifies against a stored hash (argon2id or scrypt-era), in `client`'s line. */
  verify(password: string, stored: string, client: string): Promise<boolean>;
  /** True when a stored hash should be replaced by one at the configured cost. */
  needsRehash(stored: string): boolean;
  /** A hash of no one's password at the configured cost: unknown names are verified against it. */
  dummy(): Promise<string>;
  /** Refuses (429) at once when `client`'s line is full, before any other work for it. */
  admit(client: string): void;
  stats(): { running: number; waiting: number; keys: number };
}

export const passwordCost = (config: Config): PasswordCost => ({
  memoryKib: config.ARGON2_MEMORY_KIB,
  timeCost: config.ARGON2_TIME_COST,
});

export function passwordHasher(config: Config): PasswordHasher {
  const cost = passwordCost(config);
  const queue = new FairQueue(config.PASSWORD_HASH_CONCURRENCY, config.PASSWORD_QUEUE_PER_ADDRESS);
  const inLine = async <T>(client: string, task: () => Promise<T>): Promise<T> => {
    try {
      return await queue.run(client, task);
    } catch (e) {
      if (e instanceof QueueFull) throw passwordsBusy();
      throw e;
    }
  };
  let dummy: Promise<string> | undefined;
  return {
    cost,
    hash: (password, client) => inLine(client, () => hashPassword(password, cost)),
    verify: (password, stored, client) => inLine(client, () => verifyPassword(password, stored)),
    needsRehash: (stored) => needsRehash(stored, cost),
    dummy: () => (dummy ??= hashPassword(randomBytes(24).toString('base64'), cost)),
    admit: (client) => {
      if (queue.full(client)) throw passwordsBusy();
    },
    stats: () => queue.stats(),
  };
}
