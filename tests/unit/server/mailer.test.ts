import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { describe, expect, test } from 'vitest';
import { createMailer, outboxFileName } from '../../../server/repositories/mailer';
import { makeTempDir } from '../../support/temp-dir';

const message = {
  to: 'Fan@Example.com',
  subject: 'Your video is ready',
  text: 'Plain text body',
  html: '<p>HTML body</p>',
};

describe('mail without SMTP_URL', () => {
  test('each message becomes DATA_DIR/mail/<timestamp>-<to>.eml, logged without the address', async () => {
    const temp = await makeTempDir('mail');
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    try {
      const mailer = createMailer(
        { smtpUrl: undefined, from: 'Waveframe <no-reply@x.test>', outboxDir: temp.dir },
        log,
      );
      await mailer.send(message);
      await mailer.send(message);
      const files = await readdir(temp.dir);
      expect(files).toHaveLength(2);
      for (const file of files)
        expect(file).toMatch(
          /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z(-\d+)?-fan@example\.com\.eml$/,
        );
      const eml = await readFile(path.join(temp.dir, files[0]!), 'utf8');
      expect(eml).toMatch(/^To: fan@example\.com$/im);
      expect(eml).toContain('Subject: Your video is ready');
      expect(eml).toContain('Plain text body');
      expect(eml).toContain('<p>HTML body</p>');
      const logged = lines.map((line) => JSON.parse(line));
      expect(logged[0]).toMatchObject({
        msg: 'mail written to outbox',
        toDomain: 'example.com',
        toHash: expect.stringMatching(/^[0-9a-f]{16}$/),
        subject: 'Your video is ready',
        outbox: temp.dir,
      });
      // One recipient, one hash: the lines about it can be found together.
      expect(logged[1].toHash).toBe(logged[0].toHash);
      expect(lines.join('\n').toLowerCase()).not.toContain('fan@example.com');
    } finally {
      await temp.remove();
    }
  });

  test('a code in the subject is not logged', async () => {
    const temp = await makeTempDir('mail');
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    try {
      const mailer = createMailer(
        { smtpUrl: undefined, from: 'Waveframe <no-reply@x.test>', outboxDir: temp.dir },
        log,
      );
      await mailer.send({ ...message, subject: 'Your Waveframe verification code: 042917' });
      expect(lines.join('\n')).not.toContain('042917');
      expect(JSON.parse(lines[0]!).subject).toBe('Your Waveframe verification code: [redacted]');
    } finally {
      await temp.remove();
    }
  });

  test('outbox file names cannot carry path separators', () => {
    expect(outboxFileName('../../etc/passwd@x.com', new Date('2026-01-02T03:04:05.006Z'))).toBe(
      '2026-01-02T03-04-05-006Z-.._.._etc_passwd@x.com.eml',
    );
  });
});

describe('mail with SMTP_URL', () => {
  test('a relay’s refusal leaves without the address it names', async () => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(address, _session, callback) {
        callback(new Error(`<${address.address}>: Recipient address rejected: User unknown`));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    const mailer = createMailer(
      {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'Waveframe <no-reply@x.test>',
        outboxDir: '/nonexistent',
      },
      pino({ level: 'silent' }),
    );
    try {
      const failure = await mailer.send(message).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(Error);
      // What the queue logs of it: pino's serializer copies every field of the error.
      const logged = JSON.stringify(pino.stdSerializers.err(failure as Error));
      expect(logged).toContain('Recipient address rejected');
      expect(logged.toLowerCase()).toContain('[redacted]@example.com');
      expect(logged.toLowerCase()).not.toContain('fan@example.com');
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  test('is delivered over SMTP to the relay', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.setEncoding('utf8').on('data', (chunk: string) => (data += chunk));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    const mailer = createMailer(
      {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'Waveframe <no-reply@x.test>',
        outboxDir: '/nonexistent',
      },
      pino({ level: 'silent' }),
    );
    try {
      await mailer.send(message);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Your video is ready');
      expect(received[0]).toContain('From: Waveframe <no-reply@x.test>');
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
