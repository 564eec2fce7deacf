import { link, mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { addressesRedacted, recipientForLog, subjectForLog } from '../log-redaction';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where answers go when that is not the sender (the contact form's visitor). */
  replyTo?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in DATA_DIR/mail. */
export function createMailer(config: Config['mail'], log: Logger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        try {
          await transport.sendMail({ from: config.from, ...message });
        } catch (error) {
          // The queue logs the failure: the relay's refusal names the address.
          throw withoutAddresses(error);
        }
        log.info(mailForLog(message), 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    kind: 'outbox',
    async send(message) {
      const { message: eml } = await transport.sendMail({ from: config.from, ...message });
      await mkdir(config.outboxDir, { recursive: true });
      const file = path.join(config.outboxDir, outboxFileName(message.to));
      // Written under a temporary name, then linked into place: a reader of the outbox never
      // sees a mail half written, and an existing mail is never overwritten (link fails then).
      const partial = path.join(config.outboxDir, `.${path.basename(file)}.partial`);
      await writeFile(partial, eml as Buffer, { flag: 'wx' });
      try {
        await link(partial, file);
      } finally {
        await unlink(partial);
      }
      // The folder, not the file: the file's name holds the address.
      log.info({ ...mailForLog(message), outbox: config.outboxDir }, 'mail written to outbox');
    },
    close: () => transport.close(),
  };
}

/**
 * What the log says of a mail: the recipient's domain and a hash of the address, and the subject
 * without the code a verification mail carries in it (log-redaction.ts). Never the address, nor
 * the text, which holds the code or the link.
 */
function mailForLog(message: MailMessage) {
  return { ...recipientForLog(message.to), subject: subjectForLog(message.subject) };
}

/**
 * A relay's error as the log may hold it: its message with every address replaced, and its codes;
 * not nodemailer's other fields (the rejected recipients, the whole response).
 */
function withoutAddresses(error: unknown): Error {
  if (!(error instanceof Error)) return new Error('The mail could not be sent.');
  const fields = error as Error & { code?: unknown; responseCode?: unknown; command?: unknown };
  return Object.assign(new Error(addressesRedacted(error.message)), {
    code: fields.code,
    responseCode: fields.responseCode,
    command: fields.command,
  });
}

let lastStamp = '';
let sameStampCount = 0;

/** `<timestamp>-<to>.eml`, unique even for two mails in one millisecond, safe as a file name. */
export function outboxFileName(to: string, now = new Date()): string {
  let stamp = now.toISOString().replace(/[:.]/g, '-');
  if (stamp === lastStamp) stamp += `-${++sameStampCount}`;
  else {
    lastStamp = stamp;
    sameStampCount = 0;
  }
  const safeTo = to
    .toLowerCase()
    .replace(/[^a-z0-9@._+-]/g, '_')
    .slice(0, 120);
  return `${stamp}-${safeTo}.eml`;
}
