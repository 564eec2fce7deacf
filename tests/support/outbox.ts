import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { waitFor } from './wait-for';

export interface OutboxMail {
  file: string;
  raw: string;
  subject: string;
  /** The text part, quoted-printable decoded. */
  text: string;
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export async function readOutbox(dataDir: string, to: string): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, 'mail');
  const files = (await readdir(dir).catch(() => []))
    .filter((file) => file.endsWith(`-${to.toLowerCase()}.eml`))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(path.join(dir, file), 'utf8');
      const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
      return { file, raw, subject, text: decodeQuotedPrintable(raw) };
    }),
  );
}

/** Waits for the count-th mail (1-based) to an address and returns it. */
export async function waitForMail(dataDir: string, to: string, count = 1): Promise<OutboxMail> {
  return waitFor(
    `mail #${count} to ${to}`,
    async () => (await readOutbox(dataDir, to))[count - 1],
    20_000,
    100,
  );
}

export const codeIn = (mail: OutboxMail) => /code is (\d{6})/.exec(mail.text)?.[1] ?? '';
export const linkTokenIn = (mail: OutboxMail) =>
  /\?token=([A-Za-z0-9_%-]+)/.exec(mail.text)?.[1] ?? '';
