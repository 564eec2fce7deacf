import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { describe, expect, test } from 'vitest';
import { createMailer } from '../../../server/repositories/mailer';
import { makeTempDir } from '../../support/temp-dir';

const message = {
  to: 'support@x.test',
  subject: 'Support: Something else (from Ada)',
  text: 'Hello',
  html: '<p>Hello</p>',
  replyTo: 'ada@example.com',
};

describe('Reply-To', () => {
  test('is written into the outbox mail', async () => {
    const temp = await makeTempDir('mail');
    try {
      const mailer = createMailer(
        { smtpUrl: undefined, from: 'Waveframe <no-reply@x.test>', outboxDir: temp.dir },
        pino({ level: 'silent' }),
      );
      await mailer.send(message);
      const [file] = await readdir(temp.dir);
      const eml = await readFile(path.join(temp.dir, file!), 'utf8');
      expect(eml).toMatch(/^Reply-To: ada@example\.com$/m);
      expect(eml).toMatch(/^From: Waveframe <no-reply@x\.test>$/m);
    } finally {
      await temp.remove();
    }
  });

  test('is sent over SMTP, and the visitor gets no copy (one recipient only)', async () => {
    const received: Array<{ data: string; recipients: string[] }> = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.setEncoding('utf8').on('data', (chunk: string) => (data += chunk));
        stream.on('end', () => {
          received.push({ data, recipients: session.envelope.rcptTo.map((r) => r.address) });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    const mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Waveframe <no-reply@x.test>', outboxDir: '/x' },
      pino({ level: 'silent' }),
    );
    try {
      await mailer.send(message);
      expect(received).toHaveLength(1);
      expect(received[0]!.recipients).toEqual(['support@x.test']);
      expect(received[0]!.data).toMatch(/^Reply-To: ada@example\.com\r?$/m);
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
