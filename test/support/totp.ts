import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

/**
 * The code an authenticator app shows for a Base32 secret, `offset` 30-second
 * steps from now. Tests use neighbouring steps when they need two different
 * valid codes, since a code counts only once.
 */
export async function totpCode(secret: string, offset = 0): Promise<string> {
  const counter = Math.floor(Date.now() / 30_000) + offset;
  return createOTP(base32.decode(secret)).hotp(counter);
}
