import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApiClient } from '../support/api-client';
import { embeddedBackend } from '../support/backends';
import { readOutbox, waitForMail } from '../support/outbox';
import { queuedJobs, type QueuedJob } from '../support/queued-jobs';
import { waitFor } from '../support/wait-for';
import { startInProcessServer, type InProcessServer } from '../support/in-process-server';

const SUPPORT = 'help-desk@waveframe.test';

let counter = 0;
const newEmail = () => `fan${Date.now()}${counter++}@example.com`;

describe.each(embeddedBackend)('the contact form on $name', (backend) => {
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

  // Mail leaves only through send-mail jobs, queued before the request answers: the jobs a
  // test's requests queued are known as soon as they have answered.
  const mailJobs = () => queuedJobs(server.context, 'send-mail');
  /** The send-mail jobs queued since `before` was read, oldest first. */
  const mailJobsSince = async (before: QueuedJob[]) => {
    const known = new Set(before.map((job) => job.id));
    return (await mailJobs()).filter((job) => !known.has(job.id));
  };

  /**
   * A message that is accepted, sent after the refused ones: its job and its mail show that the
   * checks below would see a refused message's mail, had it been queued.
   */
  const acceptedMessage = async () => {
    const email = newEmail();
    const answer = await (await visitor()).post('/api/support/contact', message(email));
    expect(answer.status).toBe(200);
    return email;
  };

  test('a signed-out visitor’s message reaches SUPPORT_EMAIL with the sender as Reply-To, and nothing goes to the sender', async () => {
    const before = await mailJobs();
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
    // One mail queued, to support: none to the sender.
    const jobs = await mailJobsSince(before);
    expect(jobs.map((job) => [job.data.to, job.data.replyTo])).toEqual([[SUPPORT, email]]);
    expect(await readOutbox(server.dataDir, email)).toEqual([]);
  });

  test('bad input answers 400 with the reason, and nothing is queued', async () => {
    const before = await mailJobs();
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
    const accepted = await acceptedMessage();
    const jobs = await mailJobsSince(before);
    expect(jobs.map((job) => job.data.replyTo)).toEqual([accepted]);
    await waitFor('the accepted message', async () => (await mailsFrom(accepted))[0]);
    expect(await mailsFrom(email)).toEqual([]);
  });

  test('a filled honeypot answers success and sends nothing', async () => {
    const before = await mailJobs();
    const api = await visitor();
    const email = newEmail();
    const answer = await api.post(
      '/api/support/contact',
      message(email, { website: 'https://cheap-followers.example' }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ received: true });
    const accepted = await acceptedMessage();
    const jobs = await mailJobsSince(before);
    expect(jobs.map((job) => job.data.replyTo)).toEqual([accepted]);
    await waitFor('the accepted message', async () => (await mailsFrom(accepted))[0]);
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
    const before = await mailJobs();
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
    // Three mails queued, not four; the three all arrive.
    const jobs = await mailJobsSince(before);
    expect(jobs.map((job) => job.data.replyTo)).toEqual([email, email, email]);
    await waitFor(
      'three mails from one sender',
      async () => (await mailsFrom(email)).length >= 3 || undefined,
      20_000,
      100,
    );
    expect(await mailsFrom(email)).toHaveLength(3);
  });

  test('more than 10 messages an hour from one client address answer 429, whatever the e-mail', async () => {
    const before = await mailJobs();
    const api = await visitor();
    const senders = Array.from({ length: 10 }, newEmail);
    for (const sender of senders) {
      expect((await api.post('/api/support/contact', message(sender))).status).toBe(200);
    }
    const email = newEmail();
    const refused = await api.post('/api/support/contact', message(email));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Wait a few seconds then try again');
    // Ten mails queued, none for the refused message; the last accepted one arrives.
    const jobs = await mailJobsSince(before);
    expect(jobs.map((job) => job.data.replyTo)).toEqual(senders);
    await waitFor('the last accepted message', async () => (await mailsFrom(senders[9]!))[0]);
    expect(await mailsFrom(email)).toEqual([]);
  });
});
