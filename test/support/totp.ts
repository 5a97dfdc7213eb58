import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

const STEP = 30_000;
/** Time a code must stay in its step after it was made: a browser types it and submits it under a loaded CI. */
const MARGIN = 8_000;

/**
 * The code an authenticator app shows for a Base32 secret, `offset` 30-second
 * steps from now. Tests use neighbouring steps when they need two different
 * valid codes, since a code counts only once. Close to the end of a step it
 * waits for the next one: the server accepts a neighbouring step only, so a
 * code made one step back just before a boundary was two steps old when it
 * arrived.
 */
export async function totpCode(secret: string, offset = 0): Promise<string> {
  const left = STEP - (Date.now() % STEP);
  if (left < MARGIN) await new Promise((resolve) => setTimeout(resolve, left + 50));
  const counter = Math.floor(Date.now() / STEP) + offset;
  return createOTP(base32.decode(secret)).hotp(counter);
}
