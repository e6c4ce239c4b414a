import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe: the secret a cookie or an e-mailed link carries. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** Only the hash is stored, so a leaked table does not hand out live sessions or reset links. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
