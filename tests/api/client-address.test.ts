import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApiClient } from '../support/api-client';
import { embeddedBackend } from '../support/backends';
import { startInProcessServer, type InProcessServer } from '../support/in-process-server';

// The per-address limits (sign-up, log-in, contact, password reset) are only as good as the client
// address: it may come from X-Forwarded-For only where a trusted proxy wrote it. The contact form
// is the cheapest of them to exhaust: 10 messages an hour from one address.
const CONTACT_LIMIT = 10;

let counter = 0;
const newEmail = () => `visitor${Date.now()}${counter++}@example.com`;

const message = () => ({
  name: 'Ada Lovelace',
  email: newEmail(),
  topic: 'renders',
  message: 'My render stopped at 40 %. What can I do?',
  website: '',
});

describe.each(embeddedBackend)('the client address on $name', (backend) => {
  /** A server with a database of its own: the counters of one setting must not carry over. */
  function serverTrusting(trustProxy: string) {
    let server: InProcessServer;
    let removeDatabase: () => Promise<void>;
    beforeAll(async () => {
      const prepared = await backend.prepare();
      removeDatabase = prepared.remove;
      server = await startInProcessServer({ ...prepared.env, TRUST_PROXY: trustProxy });
    });
    afterAll(async () => {
      await server?.stop();
      await removeDatabase?.();
    });
    return () => server;
  }

  /** Sends contact messages, each under its own X-Forwarded-For; answers their statuses. */
  async function contactStatuses(server: InProcessServer, forwardedFor: (i: number) => string) {
    const statuses: number[] = [];
    for (let i = 0; i <= CONTACT_LIMIT; i++) {
      const api = await new ApiClient(server.url, { 'x-forwarded-for': forwardedFor(i) }).hail();
      statuses.push((await api.post('/api/support/contact', message())).status);
    }
    return statuses;
  }

  const withinThenRefused = [...Array<number>(CONTACT_LIMIT).fill(200), 429];

  // An empty variable is unset: the default, no proxy trusted.
  describe.each([
    ['unset', ''],
    ['naming a proxy at another address', '10.0.0.1'],
  ])('with TRUST_PROXY %s', (_name, trustProxy) => {
    const server = serverTrusting(trustProxy);

    test('X-Forwarded-For is ignored: a new one each time still counts against the connection', async () => {
      expect(await contactStatuses(server(), (i) => `198.18.0.${i + 1}`)).toEqual(
        withinThenRefused,
      );
    });

    test('X-Forwarded-Proto does not make the cookies Secure', async () => {
      const response = await fetch(`${server().url}/api/account/hail`, {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.headers.getSetCookie().join('\n')).not.toMatch(/Secure/i);
    });
  });

  // The test client stands in for the proxy: it writes the right-most X-Forwarded-For entry.
  describe.each([
    ['1', 'one proxy counted'],
    ['127.0.0.1', "the proxy's address"],
  ])('with TRUST_PROXY=%s (%s)', (trustProxy) => {
    const server = serverTrusting(trustProxy);

    test('a spoofed left-most entry does not lift the limit: all count against the address the proxy saw', async () => {
      expect(await contactStatuses(server(), (i) => `198.18.1.${i + 1}, 203.0.113.7`)).toEqual(
        withinThenRefused,
      );
      // Another right-most entry is another client, with its own count.
      expect(await contactStatuses(server(), () => '203.0.113.7, 203.0.113.8')).toEqual(
        withinThenRefused,
      );
    });

    test('distinct right-most entries are distinct clients', async () => {
      expect(await contactStatuses(server(), (i) => `198.51.100.${i + 1}`)).toEqual(
        Array<number>(CONTACT_LIMIT + 1).fill(200),
      );
    });

    test('https through the proxy (X-Forwarded-Proto) makes the cookies Secure', async () => {
      const response = await fetch(`${server().url}/api/account/hail`, {
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
      });
      expect(response.headers.getSetCookie().find((c) => c.startsWith('csrftoken='))).toMatch(
        /; Secure/i,
      );
    });
  });
});
