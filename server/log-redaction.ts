import { createHash } from 'node:crypto';

// What the logs may say about secrets and people: anyone who can read a log must not be able to
// reset a password, verify an address or link a channel with what it holds, nor collect the
// users' e-mail addresses from it.

export const REDACTED = '[redacted]';

/**
 * Words that make a query parameter secret wherever they appear in its name (`token`,
 * `access_token`, `code`, `state`, `apiKey`, `X-Amz-Signature`...). Matched against the name's
 * words, so `download` or `version` stay readable; a name that only looks secret is redacted too,
 * which costs a log reader nothing.
 */
const SECRET_WORDS = new Set([
  'token',
  'code',
  'state',
  'key',
  'password',
  'passwd',
  'pass',
  'secret',
  'signature',
  'sig',
  'credential',
  'credentials',
  'auth',
  'authorization',
  'session',
  'sessionid',
  'otp',
  'nonce',
  'verifier',
  'jwt',
  'hmac',
]);

/** The words of a parameter name: `X-Amz-Signature` → x, amz, signature; `apiKey` → api, key. */
function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Whether a query parameter's name says its value is a secret. */
export function isSecretParameter(name: string): boolean {
  return nameWords(name).some((word) => SECRET_WORDS.has(word));
}

/**
 * A request's URL for the log: the path as it is, and every query parameter whose name says it
 * is secret with its value replaced. Parameters are cut at `&` and `=` as written (not decoded and
 * encoded again), so what is kept reads as it was sent.
 */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const fragment = url.indexOf('#', query);
  const end = fragment < 0 ? url.length : fragment;
  const parameters = url
    .slice(query + 1, end)
    .split('&')
    .map((parameter) => {
      const equals = parameter.indexOf('=');
      const rawName = equals < 0 ? parameter : parameter.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A name that is not valid percent-encoding is judged as written.
      }
      return equals >= 0 && isSecretParameter(name) ? `${rawName}=${REDACTED}` : parameter;
    });
  return `${url.slice(0, query)}?${parameters.join('&')}`;
}

/**
 * An e-mail address as the log names it: its domain (which relay, which provider) and a short
 * hash of the whole address (the lines about one recipient can be found together, and an operator
 * who is given an address can look for it), never the address itself.
 */
export function recipientForLog(address: string): { toDomain: string; toHash: string } {
  const normalised = address.trim().toLowerCase();
  const at = normalised.lastIndexOf('@');
  return {
    toDomain: at < 0 ? '' : normalised.slice(at + 1),
    toHash: createHash('sha256').update(normalised).digest('hex').slice(0, 16),
  };
}

/** Every e-mail address in a text (a relay's answer) replaced, its domain kept. */
export function addressesRedacted(text: string): string {
  return text.replace(/[^\s@<>()[\]"',;:]+@([A-Za-z0-9.-]+)/g, `${REDACTED}@$1`);
}

/**
 * A mail's subject for the log, with whatever could be a code replaced: a verification mail's
 * subject holds its code. A word goes when it has four digits in a row, or is long and has a digit
 * (a token); a year in a subject goes too, which costs a log reader little.
 */
export function subjectForLog(subject: string): string {
  return subject.replace(/[A-Za-z0-9_-]{4,}/g, (word) =>
    /\d{4}/.test(word) || (word.length >= 16 && /\d/.test(word)) ? REDACTED : word,
  );
}
