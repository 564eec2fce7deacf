import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApiClient } from '../support/api-client';
import { backends } from '../support/backends';
import { readOutbox, waitForMail } from '../support/outbox';
import { waitFor } from '../support/wait-for';
import { startInProcessServer, type InProcessServer } from '../support/in-process-server';

const SUPPORT = 'help-desk@waveframe.test';

let counter = 0;
const newEmail = () => `fan${Date.now()}${counter++}@example.com`;

describe.each(backends)('the contact form on $name', (backend) => {
  let server: InProcessServer;
  let removeDatabase: () => Promise<void>;

  beforeAll(async () => {
    const prepared = await backend.prepare();
    removeDatabase = prepared.remove;
    server = await startInProcessServer({ ...prepared.env, SUPPORT_EMAIL: SUPPORT });
  });
  afterAll(async () => {
    await server?.stop();
    await removeDatabase?.();
  });

  // Each client comes from its own address, so per-address limits apply per test.
  let address = 0;
  const visitor = () =>
    new ApiClient(server.url, { 'x-forwarded-for': `203.0.113.${++address % 250}` }).hail();

  const message = (email: string, changes: Record<string, unknown> = {}) => ({
    name: 'Ada Lovelace',
    email,
    topic: 'renders',
    message: 'My render stopped at 40 %. What can I do?',
    website: '',
    ...changes,
  });

  /** Every mail the support address received that mentions this sender. */
  const mailsFrom = async (email: string) =>
    (await readOutbox(server.dataDir, SUPPORT)).filter((mail) => mail.text.includes(email));

  /** The queue is empty of send-mail jobs once every queued mail has been delivered. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

  test('a signed-out visitor’s message reaches SUPPORT_EMAIL with the sender as Reply-To, and nothing goes to the sender', async () => {
    const api = await visitor();
    const email = newEmail();
    const answer = await api.post(
      '/api/support/contact',
      message(`  ${email.toUpperCase()} `, { name: 'Ada\r\nBcc: x@evil.test' }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ received: true });

    const mail = await waitForMail(server.dataDir, SUPPORT);
    expect(mail.raw).toMatch(/^To: help-desk@waveframe\.test$/m);
    expect(mail.raw).toMatch(new RegExp(`^Reply-To: ${email.replace(/\./g, '\\.')}$`, 'm'));
    expect(mail.raw).not.toMatch(/^Bcc:/m);
    expect(mail.subject).toContain('Renders and templates');
    expect(mail.text).toContain('My render stopped at 40 %. What can I do?');
    expect(mail.text).toContain(`From: Ada Bcc: x@evil.test <${email}>`);
    await settle();
    expect(await readOutbox(server.dataDir, email)).toEqual([]);
  });

  test('bad input answers 400 with the reason, and nothing is queued', async () => {
    const api = await visitor();
    const email = newEmail();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: 'someone@gmial.com' }, 'email: Email contains typo'],
      [{ email: 'not an address' }, 'email: Invalid Email'],
      [{ email: '' }, 'email: No Email Provided'],
      [{ name: '   ' }, 'name: Please tell us your name'],
      [{ topic: 'lottery' }, 'topic: Choose what your message is about'],
      [{ message: 'hi' }, 'message: Write at least 10 characters'],
      [{ message: 12 }, 'message: '],
    ];
    for (const [changes, reason] of cases) {
      const answer = await api.post('/api/support/contact', message(email, changes));
      expect(answer.status, JSON.stringify(changes)).toBe(400);
      expect(answer.body.exc).toBe('InvalidData');
      expect(answer.body.message).toContain(reason);
    }
    await settle();
    expect(await mailsFrom(email)).toEqual([]);
  });

  test('a filled honeypot answers success and sends nothing', async () => {
    const api = await visitor();
    const email = newEmail();
    const answer = await api.post(
      '/api/support/contact',
      message(email, { website: 'https://cheap-followers.example' }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ received: true });
    await settle();
    expect(await mailsFrom(email)).toEqual([]);
  });

  test('CSRF applies: without the token the call is refused', async () => {
    const api = await visitor();
    const answer = await api.call('POST', '/api/support/contact', message(newEmail()), {
      csrf: false,
    });
    expect(answer.status).toBe(403);
    expect(answer.body.exc).toBe('CSRFFailed');
  });

  test('more than 3 messages an hour from one e-mail address answer 429, whatever the client address', async () => {
    const email = newEmail();
    for (let i = 0; i < 3; i++) {
      const answer = await (await visitor()).post('/api/support/contact', message(email));
      expect(answer.status).toBe(200);
    }
    const refused = await (await visitor()).post('/api/support/contact', message(email));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      exc: 'TooManyRequests',
      message: 'Wait a few seconds then try again',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The three accepted messages all arrive (however busy the queue); the refused one never does.
    await waitFor(
      'three mails from one sender',
      async () => (await mailsFrom(email)).length >= 3 || undefined,
      20_000,
      100,
    );
    await settle();
    expect(await mailsFrom(email)).toHaveLength(3);
  });

  test('more than 10 messages an hour from one client address answer 429, whatever the e-mail', async () => {
    const api = await visitor();
    for (let i = 0; i < 10; i++) {
      expect((await api.post('/api/support/contact', message(newEmail()))).status).toBe(200);
    }
    const email = newEmail();
    const refused = await api.post('/api/support/contact', message(email));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Wait a few seconds then try again');
    await settle();
    expect(await mailsFrom(email)).toEqual([]);
  });
});
