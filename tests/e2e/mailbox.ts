// The e2e server writes its mails as .eml files into its data folder (playwright.config.ts
// passes the folder to the tests as WAVEFRAME_E2E_DATA_DIR); these helpers read them.
import { codeIn, readOutbox, type OutboxMail } from '../support/outbox';
import { waitFor } from '../support/wait-for';

function dataDir(): string {
  const dir = process.env.WAVEFRAME_E2E_DATA_DIR;
  if (!dir) throw new Error('WAVEFRAME_E2E_DATA_DIR is not set: run the tests with Playwright');
  return dir;
}

const LINK = /https?:\/\/[^/\s]+(\/account\/[\w-]+\?token=[\w%-]+)/;

/**
 * A multipart mail is complete once its closing boundary ("--boundary--") is written: a file
 * can be read while the server is still writing it.
 */
const isComplete = (mail: OutboxMail) => !/boundary=/i.test(mail.raw) || /--\s*$/.test(mail.raw);

/** Waits for the count-th mail (1-based) to an address, fully written. */
export function mailTo(to: string, count = 1): Promise<OutboxMail> {
  return waitFor(
    `mail #${count} to ${to}`,
    async () => {
      const mail = (await readOutbox(dataDir(), to))[count - 1];
      return mail && isComplete(mail) ? mail : undefined;
    },
    20_000,
    100,
  );
}

/** The 6-digit code of a mail. */
export function codeOf(mail: OutboxMail): string {
  const code = codeIn(mail);
  if (!/^\d{6}$/.test(code)) throw new Error(`no code in the mail "${mail.subject}"`);
  return code;
}

/** The path and query of the link in a mail, e.g. /account/reset-password?token=…, to visit. */
export function linkOf(mail: OutboxMail): string {
  const path = LINK.exec(mail.text)?.[1];
  if (!path) throw new Error(`no link in the mail "${mail.subject}"`);
  return path;
}
