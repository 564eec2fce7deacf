import { eq, sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { emailTokens, users } from '../../server/db/schema';
import { ApiClient } from '../support/api-client';
import { embeddedBackend } from '../support/backends';
import { codeIn, linkTokenIn, readOutbox, waitForMail } from '../support/outbox';
import { startInProcessServer, type InProcessServer } from '../support/in-process-server';

let counter = 0;
const newEmail = () => `musician${Date.now()}${counter++}@example.com`;

describe.each(embeddedBackend)('accounts on $name', (backend) => {
  let server: InProcessServer;
  let removeDatabase: () => Promise<void>;
  const passwords = new Set<string>();
  const sessionIds = new Set<string>();

  beforeAll(async () => {
    const prepared = await backend.prepare();
    removeDatabase = prepared.remove;
    server = await startInProcessServer(prepared.env);
  });
  afterAll(async () => {
    await server?.stop();
    await removeDatabase?.();
  });

  // Each client comes from its own address, so per-address limits apply per test, not per run.
  let address = 0;
  const client = () =>
    new ApiClient(server.url, { 'x-forwarded-for': `198.51.100.${++address % 250}` }).hail();

  /** Signs up a fresh account; returns the client (signed in) and the address. */
  async function signUp(password = 'correct horse') {
    passwords.add(password);
    const api = await client();
    const email = newEmail();
    const answer = await api.post('/api/auth/sign-up', {
      email,
      password1: password,
      password2: password,
      ingressAttribution: {
        landingPage: '/tools',
        referrer: 'https://search.example/',
        initialVisitTs: 1_700_000_000,
      },
    });
    expect(answer.status).toBe(201);
    sessionIds.add(api.cookies.get('sessionid')!);
    return { api, email, user: answer.body.user };
  }

  async function verified(password = 'correct horse') {
    const account = await signUp(password);
    const code = codeIn(await waitForMail(server.dataDir, account.email));
    expect(
      (await account.api.post('/api/account/verify-email-code', { verification_code: code }))
        .status,
    ).toBe(200);
    return account;
  }

  const tokenRow = async (
    email: string,
    purpose: 'verify_email' | 'reset_password' | 'change_email' | 'delete_account',
  ) => {
    const [user] = await server.context.db.select().from(users).where(eq(users.email, email));
    return server.context.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.userUuid, user!.userUuid))
      .then((rows) => rows.filter((row) => row.purpose === purpose));
  };

  describe('CSRF', () => {
    test('the first answer to any visitor sets a readable csrftoken cookie', async () => {
      const response = await fetch(`${server.url}/api/health`);
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith('csrftoken='));
      expect(cookie).toMatch(/^csrftoken=[A-Za-z0-9_-]{40,};/);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).not.toMatch(/HttpOnly/i);
    });

    test('every mutating route refuses a request without the X-CSRFToken header, or with a wrong one', async () => {
      // Payment webhooks come from the providers, not a browser: their signature is their check
      // (tests/api/payments.test.ts).
      const mutating = server.routes.filter(
        (route) =>
          ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) &&
          !route.url.startsWith('/api/payment/webhooks/'),
      );
      expect(mutating.length).toBeGreaterThan(15);
      const { api } = await signUp();
      for (const route of mutating) {
        const missing = await api.call(route.method, route.url, {}, { csrf: false });
        expect(missing.status, `${route.method} ${route.url}`).toBe(403);
        expect(missing.body.exc, `${route.method} ${route.url}`).toBe('CSRFFailed');
        const wrong = await api.call(
          route.method,
          route.url,
          {},
          { csrf: false, headers: { 'x-csrftoken': 'forged' } },
        );
        expect(wrong.status, `${route.method} ${route.url}`).toBe(403);
      }
    });
  });

  describe('sign-up', () => {
    test('creates the account signed in, with a free_tier plan, and mails a 6-digit code and a link', async () => {
      const { api, email, user } = await signUp();
      expect(user).toEqual({
        user_uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        email,
        email_verified: false,
      });
      const sessionCookie = (await api.call('GET', '/api/auth/user')).status;
      expect(sessionCookie).toBe(200);
      const mail = await waitForMail(server.dataDir, email);
      expect(mail.subject).toMatch(/^Your Waveframe verification code: \d{6}$/);
      expect(codeIn(mail)).toMatch(/^\d{6}$/);
      expect(mail.text).toContain('http://waveframe.test/account/email-verification?token=');
      expect(mail.raw).toContain('Content-Type: text/plain');
      expect(mail.raw).toContain('Content-Type: text/html');
      const plan = await api.get('/api/payment/plan');
      expect(plan.body).toMatchObject({
        plan: 'free_tier',
        account_level: 10,
        viz_credits: 3,
        canvas_credits: 3,
        past_due: false,
        is_premium: false,
      });
      const [row] = await server.context.db.select().from(users).where(eq(users.email, email));
      expect(row?.ingressAttribution).toMatchObject({
        landingPage: '/tools',
        referrer: 'https://search.example/',
      });
      expect(row?.passwordHash).toMatch(/^scrypt\$/);
    });

    test('the session cookie is httpOnly and SameSite=Lax', async () => {
      const api = await client();
      const response = await fetch(`${server.url}/api/auth/sign-up`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `csrftoken=${api.cookies.get('csrftoken')}`,
          'x-csrftoken': api.cookies.get('csrftoken')!,
        },
        body: JSON.stringify({ email: newEmail(), password1: 'abcde', password2: 'abcde' }),
      });
      const session = response.headers.getSetCookie().find((c) => c.startsWith('sessionid='));
      expect(session).toMatch(/HttpOnly/i);
      expect(session).toMatch(/SameSite=Lax/i);
      expect(session).not.toMatch(/Secure/i); // plain http here; https requests get Secure
    });

    test.each([
      [{ email: 'someone@mailinator.com' }, 403, 'EmailDomainNotPermitted'],
      [{ email: 'not-an-address' }, 403, 'InvalidEmail'],
      [{ email: 'someone@gmial.com' }, 403, 'InvalidEmail'],
      [{ password1: 'abcd', password2: 'abcd' }, 400, 'InvalidData'],
      [{ password2: 'different' }, 400, 'InvalidData'],
    ])('refuses %o with %i %s', async (override, status, exc) => {
      const api = await client();
      const answer = await api.post('/api/auth/sign-up', {
        email: newEmail(),
        password1: 'abcde',
        password2: 'abcde',
        ...override,
      });
      expect(answer.status).toBe(status);
      expect(answer.body.exc).toBe(exc);
      expect(api.cookies.has('sessionid')).toBe(false);
    });

    test('an address already registered is refused with EmailAddressAlreadyInUse', async () => {
      const { email } = await signUp();
      const answer = await (
        await client()
      ).post('/api/auth/sign-up', {
        email: email.toUpperCase(),
        password1: 'abcde',
        password2: 'abcde',
      });
      expect(answer.status).toBe(403);
      expect(answer.body.exc).toBe('EmailAddressAlreadyInUse');
    });
  });

  describe('e-mail verification', () => {
    test('a wrong code is CodeInvalid; the right one verifies, once', async () => {
      const { api, email } = await signUp();
      const code = codeIn(await waitForMail(server.dataDir, email));
      const wrong = await api.post('/api/account/verify-email-code', {
        verification_code: code === '000000' ? '111111' : '000000',
      });
      expect(wrong.status).toBe(403);
      expect(wrong.body.exc).toBe('CodeInvalid');
      const right = await api.post('/api/account/verify-email-code', { verification_code: code });
      expect(right.status).toBe(200);
      expect(right.body.user.email_verified).toBe(true);
      expect(
        (await api.get('/api/account/refresh-email-verification')).body.user.email_verified,
      ).toBe(true);
      // The link of the same mail was retired with the code.
      const link = linkTokenIn(await waitForMail(server.dataDir, email));
      expect(
        (
          await (
            await client()
          ).post('/api/account/verify-email', { token: decodeURIComponent(link) })
        ).body.exc,
      ).toBe('CodeExpired');
    });

    test('after 5 wrong codes the code is dead (CodeExpired) until a new mail', async () => {
      const { api, email } = await signUp();
      const code = codeIn(await waitForMail(server.dataDir, email));
      const wrongCode = code === '123456' ? '654321' : '123456';
      const answers = [];
      for (let i = 0; i < 5; i++)
        answers.push(
          (await api.post('/api/account/verify-email-code', { verification_code: wrongCode })).body
            .exc,
        );
      expect(answers).toEqual([
        'CodeInvalid',
        'CodeInvalid',
        'CodeInvalid',
        'CodeInvalid',
        'CodeExpired',
      ]);
      expect(
        (await api.post('/api/account/verify-email-code', { verification_code: code })).body.exc,
      ).toBe('CodeExpired');
    });

    test('an expired code is CodeExpired', async () => {
      const { api, email } = await signUp();
      const code = codeIn(await waitForMail(server.dataDir, email));
      const [token] = await tokenRow(email, 'verify_email');
      await server.context.db
        .update(emailTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(emailTokens.id, token!.id));
      expect(
        (await api.post('/api/account/verify-email-code', { verification_code: code })).body.exc,
      ).toBe('CodeExpired');
    });

    test('the mailed link verifies without being signed in, once', async () => {
      const { email } = await signUp();
      const link = decodeURIComponent(linkTokenIn(await waitForMail(server.dataDir, email)));
      const stranger = await client();
      const first = await stranger.post('/api/account/verify-email', { token: link });
      expect(first.status).toBe(200);
      expect(first.body.user).toMatchObject({ email, email_verified: true });
      expect((await stranger.post('/api/account/verify-email', { token: link })).body.exc).toBe(
        'CodeExpired',
      );
      expect(
        (await stranger.post('/api/account/verify-email', { token: 'made-up' })).body.exc,
      ).toBe('CodeInvalid');
    });

    test('resend is refused within 60 s of the last mail (429), then sends a new code that replaces the old', async () => {
      const { api, email } = await signUp();
      const first = codeIn(await waitForMail(server.dataDir, email));
      const early = await api.post('/api/account/resend-email-verification');
      expect(early.status).toBe(429);
      expect(Number(early.headers.get('retry-after'))).toBeGreaterThan(50);
      const [token] = await tokenRow(email, 'verify_email');
      await server.context.db
        .update(emailTokens)
        .set({ createdAt: sql`now() - interval '61 seconds'` })
        .where(eq(emailTokens.id, token!.id));
      expect((await api.post('/api/account/resend-email-verification')).status).toBe(200);
      const second = codeIn(await waitForMail(server.dataDir, email, 2));
      if (second !== first) {
        expect(
          (await api.post('/api/account/verify-email-code', { verification_code: first })).body.exc,
        ).toBe('CodeInvalid');
      }
      expect(
        (await api.post('/api/account/verify-email-code', { verification_code: second })).body.user
          .email_verified,
      ).toBe(true);
    });

    test('a mistyped address is changed from the verification step and gets its own code', async () => {
      const { api, email } = await signUp();
      await waitForMail(server.dataDir, email);
      const fixed = newEmail();
      const answer = await api.post('/api/account/change-sign-in-email', {
        new_email: `  ${fixed.toUpperCase()} `,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.user.email).toBe(fixed);
      const code = codeIn(await waitForMail(server.dataDir, fixed));
      expect(
        (await api.post('/api/account/verify-email-code', { verification_code: code })).body.user,
      ).toMatchObject({ email: fixed, email_verified: true });
    });

    test.each([
      [{ new_email: 'broken@' }, 'InvalidEmail'],
      [{ new_email: 'x@yopmail.com' }, 'EmailDomainNotPermitted'],
      [{}, 'InvalidData'],
    ])('change-sign-in-email refuses %o with 403 %s', async (payload, exc) => {
      const { api } = await signUp();
      const answer = await api.post('/api/account/change-sign-in-email', payload);
      expect(answer.body.message === undefined ? answer.raw : answer.body.exc).toBe(exc);
      expect(answer.status).toBe(403);
      expect(answer.body.exc).toBe(exc);
    });

    test('change-sign-in-email to a registered address is EmailAddressAlreadyInUse', async () => {
      const other = await signUp();
      const { api } = await signUp();
      const answer = await api.post('/api/account/change-sign-in-email', {
        new_email: other.email,
      });
      expect(answer.body.exc).toBe('EmailAddressAlreadyInUse');
    });
  });

  describe('log-in and log-out', () => {
    test('log-in checks the password, starts a new session and returns the user', async () => {
      const { email } = await verified('my password');
      const api = await client();
      const wrong = await api.post('/api/auth/log-in', { email, password: 'not my password' });
      expect(wrong.status).toBe(401);
      expect(wrong.body.exc).toBe('InvalidCredentials');
      const right = await api.post('/api/auth/log-in', {
        email: email.toUpperCase(),
        password: 'my password',
        prevPath: '/',
        currPath: '/login',
      });
      expect(right.status).toBe(200);
      expect(right.body).toEqual({
        user: { user_uuid: expect.any(String), email, email_verified: true },
      });
      sessionIds.add(api.cookies.get('sessionid')!);
      expect((await api.get('/api/auth/')).body.user.email).toBe(email);
    });

    test('an unverified account is sent to the verification step (pushRoute, nextRoute)', async () => {
      const { email } = await signUp('unverified pw');
      const answer = await (
        await client()
      ).post('/api/auth/log-in', { email, password: 'unverified pw' });
      expect(answer.body).toMatchObject({
        pushRoute: true,
        nextRoute: '/account/email-verification',
      });
    });

    test('an unknown address gets the same answer as a wrong password', async () => {
      const answer = await (
        await client()
      ).post('/api/auth/log-in', { email: newEmail(), password: 'whatever' });
      expect(answer.status).toBe(401);
      expect(answer.body.exc).toBe('InvalidCredentials');
    });

    test('log-out ends the session: the old cookie no longer signs in', async () => {
      const { api } = await signUp();
      const sessionId = api.cookies.get('sessionid')!;
      expect((await api.logOut()).status).toBe(200);
      expect(api.cookies.has('sessionid')).toBe(false);
      const replay = await fetch(`${server.url}/api/auth/user`, {
        headers: { cookie: `sessionid=${sessionId}` },
      });
      expect(replay.status).toBe(401);
      expect((await replay.json()).exc).toBe('NotAuthenticated');
    });

    test.each(['GET', 'HEAD'])(
      'a %s log-out without the right X-CSRFToken (as from a link or an <img> on another site) is refused, and the session stays',
      async (method) => {
        const { api, email } = await signUp();
        const attempts: Record<string, string>[] = [{}, { 'x-csrftoken': 'forged' }];
        for (const headers of attempts) {
          const refused = await api.call(method, '/api/auth/log-out', undefined, {
            csrf: false,
            headers,
          });
          expect(refused.status).toBe(403);
          if (method === 'GET') {
            expect(refused.body).toEqual({
              exc: 'CSRFFailed',
              message:
                'The request was refused (missing or wrong CSRF token). Reload the page and try again.',
            });
          }
          expect(api.cookies.has('sessionid')).toBe(true);
          expect((await api.get('/api/auth/user')).body.user.email).toBe(email);
        }
        expect((await api.logOut()).status).toBe(200);
        expect((await api.get('/api/auth/user')).status).toBe(401);
      },
    );

    test('too many log-in attempts for one account answer 429', async () => {
      const { email } = await verified();
      const api = await client();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push(
          (await api.post('/api/auth/log-in', { email, password: `guess ${i}` })).status,
        );
      expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
    });
  });

  describe('passwords', () => {
    test('forgot-password answers the same for unknown addresses, and mails known ones a single-use link', async () => {
      const { email } = await verified('old password');
      const api = await client();
      const unknown = await api.post('/api/account/forgot-password', { email: newEmail() });
      const known = await api.post('/api/account/forgot-password', { email });
      expect(unknown.status).toBe(200);
      expect(known.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
      const mail = await waitForMail(server.dataDir, email, 2);
      expect(mail.subject).toBe('Reset your Waveframe password');
      const token = decodeURIComponent(linkTokenIn(mail));
      const mismatch = await api.post('/api/account/reset-password', {
        token,
        passwordOne: 'new password',
        passwordTwo: 'other',
      });
      expect(mismatch.status).toBe(400);
      passwords.add('new password');
      const reset = await api.post('/api/account/reset-password', {
        token,
        passwordOne: 'new password',
        passwordTwo: 'new password',
      });
      expect(reset.status).toBe(200);
      expect(
        (
          await api.post('/api/account/reset-password', {
            token,
            passwordOne: 'again pw',
            passwordTwo: 'again pw',
          })
        ).body.exc,
      ).toBe('CodeExpired');
      expect((await api.post('/api/auth/log-in', { email, password: 'old password' })).status).toBe(
        401,
      );
      expect((await api.post('/api/auth/log-in', { email, password: 'new password' })).status).toBe(
        200,
      );
    });

    test('a password change ends every session of the account', async () => {
      const { api, email } = await verified('first password');
      expect((await api.post('/api/account/init-change-password')).status).toBe(200);
      const token = decodeURIComponent(linkTokenIn(await waitForMail(server.dataDir, email, 2)));
      await (
        await client()
      ).post('/api/account/reset-password', {
        token,
        passwordOne: 'second password',
        passwordTwo: 'second password',
      });
      expect((await api.get('/api/auth/user')).status).toBe(401);
    });

    test('an expired reset link is CodeExpired', async () => {
      const { email } = await verified();
      await (await client()).post('/api/account/forgot-password', { email });
      const token = decodeURIComponent(linkTokenIn(await waitForMail(server.dataDir, email, 2)));
      const [row] = await tokenRow(email, 'reset_password');
      await server.context.db
        .update(emailTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(emailTokens.id, row!.id));
      const answer = await (
        await client()
      ).post('/api/account/reset-password', {
        token,
        passwordOne: 'abcdef',
        passwordTwo: 'abcdef',
      });
      expect(answer.body.exc).toBe('CodeExpired');
    });
  });

  describe('changing the e-mail of a verified account', () => {
    test('mails the new address and changes nothing until the link is confirmed, once', async () => {
      const { api, email } = await verified();
      const next = newEmail();
      expect(
        (await api.post('/api/account/initiate-primary-email-change', { newEmail: next })).status,
      ).toBe(200);
      expect((await api.get('/api/auth/user')).body.user.email).toBe(email);
      const token = decodeURIComponent(linkTokenIn(await waitForMail(server.dataDir, next)));
      const confirmed = await api.post('/api/account/confirm-email-change', { token });
      expect(confirmed.body.user).toMatchObject({ email: next, email_verified: true });
      expect((await api.post('/api/account/confirm-email-change', { token })).body.exc).toBe(
        'CodeExpired',
      );
      expect((await api.get('/api/auth/user')).body.user.email).toBe(next);
    });

    test('refuses an address in use', async () => {
      const other = await verified();
      const { api } = await verified();
      expect(
        (await api.post('/api/account/initiate-primary-email-change', { newEmail: other.email }))
          .body.exc,
      ).toBe('EmailAddressAlreadyInUse');
    });
  });

  describe('profile', () => {
    test('username and full name are stored; a taken username is refused', async () => {
      const first = await verified();
      const second = await verified();
      const name = `artist${counter++}`;
      const updated = await first.api.put('/api/account/username/update', { newUsername: name });
      expect(updated.body.username).toBe(name);
      const both = await first.api.post('/api/account/update-name-info', {
        newUsername: name,
        newFullName: 'Ada Lovelace',
      });
      expect(both.body).toMatchObject({ username: name, full_name: 'Ada Lovelace' });
      const taken = await second.api.put('/api/account/username/update', {
        newUsername: name.toUpperCase(),
      });
      expect(taken.status).toBe(409);
      expect(taken.body.exc).toBe('UsernameTaken');
      expect(
        (await second.api.put('/api/account/username/update', { newUsername: 'x' })).status,
      ).toBe(400);
    });

    test('signed-out calls to signed-in routes answer 401', async () => {
      const api = await client();
      for (const path of [
        '/api/auth/user',
        '/api/payment/plan',
        '/api/account/check-account-deletion-status',
      ]) {
        const answer = await api.get(path);
        expect(answer.status, path).toBe(401);
        expect(answer.body.exc).toBe('NotAuthenticated');
      }
    });

    test('the locale comes from the browser language, without any outside service', async () => {
      const french = new ApiClient(server.url, {
        'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8',
        'x-forwarded-for': '203.0.113.1',
      });
      await french.hail();
      expect((await french.post('/api/account/curr', { ref: '/', lang: 'EN' })).body).toEqual({
        is_eu: true,
        country_code: 'FR',
        country_name: 'France',
        currency: 'EUR',
      });
      const british = new ApiClient(server.url, {
        'accept-language': 'en-GB',
        'x-forwarded-for': '203.0.113.2',
      });
      await british.hail();
      expect(
        (await british.post('/api/account/curr', { ref: '/', lang: 'EN' })).body,
      ).toMatchObject({ is_eu: false, country_code: 'GB', currency: 'GBP' });
      const unknown = await client();
      expect((await unknown.post('/api/account/curr', { ref: '/', lang: 'EN' })).body).toEqual({
        is_eu: false,
        country_code: null,
        country_name: null,
        currency: 'USD',
      });
    });
  });

  describe('account deletion', () => {
    test('a mailed code deletes the user, their sessions, records and files; log-in then fails', async () => {
      const { api, email, user } = await verified('delete me');
      const fileKey = `users/${user.user_uuid}/images/a.txt`;
      await server.context.storage.put(fileKey, Readable.from([Buffer.from('mine')]));
      expect((await api.get('/api/account/check-account-deletion-status')).body).toEqual({
        pending: false,
        expires_at: null,
      });
      expect((await api.post('/api/account/request-account-deletion')).status).toBe(200);
      expect((await api.get('/api/account/check-account-deletion-status')).body.pending).toBe(true);
      const mail = await waitForMail(server.dataDir, email, 2);
      const code = codeIn(mail);
      const wrong = await api.delete('/api/account/confirm-account-deletion', {
        deletion_code: code === '000000' ? '111111' : '000000',
      });
      expect(wrong.body.exc).toBe('CodeInvalid');
      expect(
        (await api.delete('/api/account/confirm-account-deletion', { deletion_code: code })).status,
      ).toBe(200);
      expect((await api.get('/api/auth/user')).status).toBe(401);
      expect(
        (await (await client()).post('/api/auth/log-in', { email, password: 'delete me' })).status,
      ).toBe(401);
      expect(await server.context.storage.stat(fileKey)).toBeNull();
      expect(await server.context.db.select().from(users).where(eq(users.email, email))).toEqual(
        [],
      );
      expect(
        await server.context.db
          .select()
          .from(emailTokens)
          .where(eq(emailTokens.userUuid, user.user_uuid)),
      ).toEqual([]);
    });
  });

  test('no log line ever contains a password or a session id', async () => {
    expect(server.logLines.length).toBeGreaterThan(50);
    const logs = server.logLines.join('\n');
    for (const password of passwords) expect(logs).not.toContain(password);
    for (const sessionId of sessionIds) expect(logs).not.toContain(sessionId);
    expect(logs).not.toMatch(/sessionid=/);
  });

  test('mails carry the code or link and nothing else secret', async () => {
    const { email } = await signUp('mail secret pw');
    const mail = await waitForMail(server.dataDir, email);
    expect(mail.raw).not.toContain('mail secret pw');
    expect((await readOutbox(server.dataDir, email)).length).toBe(1);
  });
});
