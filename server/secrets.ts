import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An unguessable token for cookies and mailed links (256 bits, URL-safe). */
export const randomToken = () => randomBytes(32).toString('base64url');

/** A 6-digit code for mails, uniformly random. */
export const sixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** How codes, links and session ids are stored: a leaked table reveals none of them. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
