import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';

/**
 * The one place where Buchbar hashes and checks passwords (decision 189):
 * better-auth's hooks, the seed and the dummy check of an unknown sign-in all
 * call these functions.
 *
 * The parameters and the stored format are better-auth's own default (scrypt
 * N=16384, r=16, p=1, 64-byte key; `salt:key` in hex, the salt's hex text
 * itself being the scrypt salt, the password NFKC-normalised), so every hash
 * written before verifies unchanged. scrypt runs on libuv's thread pool
 * (`node:crypto`'s asynchronous form), never on the event loop; `maxmem` is
 * twice the 32 MiB (128 · N · r) the parameters need, as better-auth sets it;
 * Node's default of 32 MiB would refuse them.
 */
const N = 16384;
const R = 16;
const P = 1;
const KEY_BYTES = 64;
const SALT_BYTES = 16;
const MAXMEM = 2 * 128 * N * R;

/**
 * A burst of sign-ins must not take every thread of the pool: file reads,
 * compression and DNS wait in the same queue. So at most one thread fewer than
 * the pool has (UV_THREADPOOL_SIZE, 4 by default) hashes at once, and no more
 * than there are cores, which would only share the same CPU time.
 */
const POOL_SIZE = Number(process.env.UV_THREADPOOL_SIZE) || 4;
export const PARALLEL_HASHES = Math.max(1, Math.min(POOL_SIZE - 1, availableParallelism()));

let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PARALLEL_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next waiter, so `running` stays exact.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function deriveKey(password: string, salt: string): Promise<Buffer> {
  return limited(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { N, r: R, p: P, maxmem: MAXMEM }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );
}

/** A new `salt:key` hash of the password. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES).toString('hex');
  const key = await deriveKey(password, salt);
  return `${salt}:${key.toString('hex')}`;
}

/** Whether the password matches the stored hash; a hash of another shape never matches. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const [salt, keyHex, extra] = hash.split(':');
  if (!salt || !keyHex || extra !== undefined || !/^[0-9a-f]+$/i.test(keyHex) || keyHex.length !== KEY_BYTES * 2) return false;
  const key = await deriveKey(password, salt);
  return timingSafeEqual(key, Buffer.from(keyHex, 'hex'));
}

/**
 * The hash of a random password nobody knows: a sign-in for an address that
 * has no account here checks against it, so it costs the same time as a wrong
 * password for an existing one and the time tells nothing (decision 189).
 */
const DUMMY_HASH =
  '49cbdcd41d67906669a812b317455831:bde9631e5bc78bee917368e79386b67fb8b806137aad2ba995e4c8c203ac1aca4326e9e65a87ebae663eedc4ffa57d6aab0437e54e263bf052987fb5a3ca5ec2';

/** Does the work of a password check that must fail; always false. */
export async function verifyDummyPassword(password: string): Promise<false> {
  await verifyPassword(DUMMY_HASH, password);
  return false;
}

/** better-auth's `emailAndPassword.password` hooks. */
export const PASSWORD_HOOKS = {
  hash: hashPassword,
  verify: ({ hash, password }: { hash: string; password: string }) => verifyPassword(hash, password),
};
