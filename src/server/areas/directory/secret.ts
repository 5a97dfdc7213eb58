import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import type { Config } from '../../config';

/** The bind password, encrypted with the app secret the way the single sign-on client secret is (decision 100). */
export const encryptBindPassword = (config: Config, secret: string) => symmetricEncrypt({ key: config.appSecret, data: secret });
export const decryptBindPassword = (config: Config, stored: string) => symmetricDecrypt({ key: config.appSecret, data: stored });
