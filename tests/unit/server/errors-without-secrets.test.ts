import { inspect } from 'node:util';
import { Readable } from 'node:stream';
import pino from 'pino';
import S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';
import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/database';
import { createMailer } from '../../../server/repositories/mailer';
import { S3Storage } from '../../../server/repositories/storage/s3-storage';
import { makeTempDir } from '../../support/temp-dir';

// Errors raised after the configuration was accepted, as the start (runMain), a failed job's
// log line (pino's err: message, stack and own properties) and /api/health/details (message) show them.

/** Everything of an error any of those could print. */
const printed = (error: unknown) =>
  inspect(error, { depth: Infinity, showHidden: true }) + JSON.stringify(error);

async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('errors after the start never carry a secret', () => {
  test.each([
    [
      'no server on the port',
      'postgres://app:DatabasePassword1@127.0.0.1:1/waveframe',
      'ECONNREFUSED',
    ],
    [
      'a URL pg cannot read',
      'postgres://app:Database#Password1@127.0.0.1:1/waveframe',
      'Invalid URL',
    ],
    [
      'a host that does not exist',
      'postgres://app:DatabasePassword1@no-such-host.invalid/w',
      'ENOTFOUND',
    ],
  ])('DATABASE_URL with %s', async (_case, url, failure) => {
    const config = loadConfig({ DATABASE_URL: url });
    const error = await failureOf(async () => {
      const database = await openDatabase(config.database);
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
    });
    expect((error as Error).message).toContain(failure);
    expect(printed(error)).not.toContain('Password1');
  });

  test('SMTP_URL whose password the relay refuses, or whose relay is not there', async () => {
    const relay = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      onAuth: (_auth, _session, callback) => callback(new Error('Invalid username or password')),
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const { port } = relay.server.address() as { port: number };
    const lines: string[] = [];
    const log = pino({ level: 'trace' }, { write: (line: string) => lines.push(line) });
    const message = {
      to: 'fan@example.com',
      subject: 'Hello',
      text: 'Hello',
      html: '<p>Hello</p>',
    };
    try {
      for (const [smtpUrl, failure] of [
        [`smtp://mailer:SmtpPassword1@127.0.0.1:${port}`, 'Invalid login'],
        ['smtp://mailer:SmtpPassword1@127.0.0.1:1', 'ECONNREFUSED'],
      ] as const) {
        const { mail } = loadConfig({ SMTP_URL: smtpUrl });
        const mailer = createMailer(mail, log);
        try {
          const error = await failureOf(() => mailer.send(message));
          expect((error as Error).message).toContain(failure);
          expect(printed(error)).not.toContain('SmtpPassword1');
        } finally {
          mailer.close();
        }
      }
      expect(lines.join('')).not.toContain('SmtpPassword1');
    } finally {
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    }
  });

  test('S3 credentials the store refuses', async () => {
    const temp = await makeTempDir('s3-secret');
    const server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: temp.dir,
      configureBuckets: [{ name: 'media', configs: [] }],
    });
    const { port } = await server.run();
    const { storage: settings } = loadConfig({
      S3_BUCKET: 'media',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'AKIAUNKNOWNKEYID',
      S3_SECRET_ACCESS_KEY: 'S3SecretAccessKey1',
    });
    const storage = new S3Storage(settings as Extract<typeof settings, { kind: 's3' }>);
    try {
      const error = await failureOf(() =>
        storage.put('health/probe', Readable.from([Buffer.from('x')])),
      );
      expect((error as Error).message).toContain('Access Key Id');
      expect(printed(error)).not.toContain('S3SecretAccessKey1');
      // /api/health/details answers the message alone, which does not name the key id either.
      expect((error as Error).message).not.toContain('AKIAUNKNOWNKEYID');
    } finally {
      storage.destroy();
      await server.close();
      await temp.remove();
    }
  });
});
