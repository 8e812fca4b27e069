// Password storage: argon2id (OWASP's minimum by default: m=19 MiB, t=2, p=1) through @node-rs/argon2,
// stored as a PHC string ($argon2id$v=19$m=…,t=…,p=…$salt$hash) so the parameters travel in the hash.
// Hashes of the scrypt era ("scrypt$logN$r$p$salt$hash") still verify; the sign-in that verifies one
// stores the argon2id hash in its place (needsRehash). Docs: docs/decisions.md "Password storage".
import { randomBytes, scrypt as scryptCb, timingSafeEqual, createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { hash as argon2Hash, verify as argon2Verify, type Algorithm } from '@node-rs/argon2';

/** argon2id's cost: memory in KiB and passes (parallelism is 1). */
export interface PasswordCost {
  memoryKib: number;
  timeCost: number;
}
/** Algorithm.Argon2id: the package declares an ambient const enum, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;

/** OWASP's recommended minimum for argon2id (Password Storage Cheat Sheet). */
export const OWASP_COST: PasswordCost = { memoryKib: 19_456, timeCost: 2 };

const scrypt = promisify(scryptCb) as (
  pw: string,
  salt: Buffer,
  len: number,
  opts: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** Hashes a password with argon2id at `cost`: a PHC string. */
export function hashPassword(password: string, cost: PasswordCost = OWASP_COST): Promise<string> {
  return argon2Hash(password, {
    algorithm: ARGON2ID,
    memoryCost: cost.memoryKib,
    timeCost: cost.timeCost,
    parallelism: 1,
  });
}

/** True when `password` matches `stored` (argon2id PHC string, or a scrypt-era hash). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) {
    try {
      return await argon2Verify(stored, password);
    } catch {
      return false; // a malformed stored hash matches nothing
    }
  }
  const [alg, logN, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !logN || !r || !p || !salt || !hash) return false;
  const N = 2 ** Number(logN);
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: 256 * N * Number(r),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** The argon2id parameters of a stored hash, or null for another algorithm or a malformed one. */
export function argon2Params(stored: string): { m: number; t: number; p: number } | null {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  return m ? { m: Number(m[1]), t: Number(m[2]), p: Number(m[3]) } : null;
}

/** True when a stored hash is not argon2id at `cost` (scrypt, or other parameters): rehash it at sign-in. */
export function needsRehash(stored: string, cost: PasswordCost): boolean {
  const p = argon2Params(stored);
  return !p || p.m !== cost.memoryKib || p.t !== cost.timeCost || p.p !== 1;
}

/** A random opaque session token (256 bits) and the hash that is stored in its place. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: tokenHash(token) };
}
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
