// The server's log holds none of the secrets it was sent (issue 35): a sign-up with its
// verification code and link, a password reset through its link, and a YouTube channel linked
// through Google's consent (the stand-in), each as a browser does it, opening the links the mails
// and Google give. Then the whole log is searched for every secret of those steps: the code, the
// links' tokens, the OAuth code and state, the session, the passwords, the e-mail addresses.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { ApiClient } from '../support/api-client';
import { embeddedBackend } from '../support/backends';
import { startGoogleStandIn, type GoogleStandIn } from '../support/google-stand-in';
import { startInProcessServer, type InProcessServer } from '../support/in-process-server';
import { codeIn, waitForMail, type OutboxMail } from '../support/outbox';
import { CONNECTED } from '../support/youtube-client';

vi.setConfig({ testTimeout: 120_000 });

/** The link of a mail (the app's page with its `?token=`), as the path a browser then opens. */
function linkIn(mail: OutboxMail): { path: string; token: string } {
  const url = /http:\/\/waveframe\.test(\/[^\s?]+\?token=[A-Za-z0-9_%.~-]+)/.exec(mail.text)?.[1];
  expect(url, mail.text).toBeDefined();
  const token = new URL(`http://x${url}`).searchParams.get('token')!;
  return { path: url!, token };
}

describe.each(embeddedBackend)('what the log holds, on $name', (backend) => {
  let standIn: GoogleStandIn;
  let server: InProcessServer;
  let prepared: Awaited<ReturnType<(typeof backend)['prepare']>>;

  beforeAll(async () => {
    standIn = await startGoogleStandIn();
    prepared = await backend.prepare();
    server = await startInProcessServer({ ...prepared.env, ...standIn.env });
  });

  afterAll(async () => {
    await server?.stop();
    await standIn?.close();
    await prepared?.remove();
  });

  test('sign-up, password reset and a channel link leave none of their secrets in the log', async () => {
    /** Each secret sent, by what it is; the code is a number, so it is looked for as a whole one. */
    const secrets: Record<string, string> = {};
    const api = await new ApiClient(server.url, { 'x-forwarded-for': '198.51.100.35' }).hail();
    const browserOpens = async (path: string) => {
      // Whatever the page answers (no web build here), the request is logged with its URL.
      const answer = await api.get(path);
      expect(answer.status).toBeLessThan(500);
    };

    // Sign-up, then the verification mail: its code typed in, its link opened too.
    const email = `Log.Secrets${Date.now()}@Example.com`;
    secrets['e-mail address'] = email;
    secrets['first password'] = 'first log password';
    const signedUp = await api.post('/api/auth/sign-up', {
      email,
      password1: secrets['first password'],
      password2: secrets['first password'],
    });
    expect(signedUp.status).toBe(201);
    secrets['session cookie'] = api.cookies.get('sessionid')!;
    const verification = await waitForMail(server.dataDir, email);
    secrets['verification code'] = codeIn(verification);
    expect(secrets['verification code']).toMatch(/^\d{6}$/);
    const verificationLink = linkIn(verification);
    secrets['verification link token'] = verificationLink.token;
    await browserOpens(verificationLink.path);
    const verified = await api.post('/api/account/verify-email-code', {
      verification_code: secrets['verification code'],
    });
    expect(verified.status).toBe(200);

    // A password reset: asked for, its link opened, the new password set with its token.
    expect((await api.post('/api/account/forgot-password', { email })).status).toBe(200);
    const resetMail = await waitForMail(server.dataDir, email, 2);
    const resetLink = linkIn(resetMail);
    secrets['reset link token'] = resetLink.token;
    await browserOpens(resetLink.path);
    secrets['new password'] = 'second log password';
    const reset = await api.post('/api/account/reset-password', {
      token: resetLink.token,
      passwordOne: secrets['new password'],
      passwordTwo: secrets['new password'],
    });
    expect(reset.status).toBe(200);
    const loggedIn = await api.post('/api/auth/log-in', {
      email,
      password: secrets['new password'],
    });
    expect(loggedIn.status).toBe(200);
    secrets['second session cookie'] = api.cookies.get('sessionid')!;

    // A channel linked: Google's consent sends the browser back to the app's page with the code
    // and the state in its address; the page hands them to the API.
    const started = await api.get(
      `/api/accounts/yt/authorize-url?redirectUri=${encodeURIComponent(CONNECTED)}&purpose=link`,
    );
    expect(started.status).toBe(200);
    const googleAccount = [...standIn.accounts.keys()][0]!;
    secrets['Google account address'] = googleAccount;
    const consent = await standIn.approve(started.body.url, googleAccount);
    secrets['OAuth code'] = consent.code;
    secrets['OAuth state'] = consent.state;
    const returned = new URL(consent.redirectedTo);
    await browserOpens(`${returned.pathname}${returned.search}`);
    const linked = await api.post('/api/accounts/yt/add-channel', {
      code: consent.code,
      redirectUri: CONNECTED,
      state: consent.state,
    });
    expect(linked.status).toBe(200);
    // Once more with the code already used: the refusal is logged too.
    const reused = await api.post('/api/accounts/yt/add-channel', {
      code: consent.code,
      redirectUri: CONNECTED,
      state: consent.state,
    });
    expect(reused.status).toBeGreaterThanOrEqual(400);

    // The mail jobs are done (the mailer logs after writing), then the whole log is read.
    const log = server.logLines.join('');
    expect(log).toContain('"msg":"mail written to outbox"');
    expect(log).toContain('"msg":"incoming request"');
    const found = Object.entries(secrets).filter(([what, secret]) => {
      expect(secret.length, what).toBeGreaterThan(5);
      const variants = new Set([secret, encodeURIComponent(secret), secret.toLowerCase()]);
      return [...variants].some((variant) =>
        what === 'verification code'
          ? new RegExp(`(?<!\\d)${variant}(?!\\d)`).test(log)
          : log.toLowerCase().includes(variant.toLowerCase()),
      );
    });
    expect(found.map(([what]) => what)).toEqual([]);

    // What the log does say: the pages and routes asked for, the secrets' places marked.
    expect(log).toContain('/account/reset-password?token=[redacted]');
    expect(log).toMatch(
      /"\/media\/connected-accounts\?code=\[redacted\]&scope=[^"&]+&state=\[redacted\]"/,
    );
    const mailLine = server.logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === 'mail written to outbox');
    expect(mailLine).toMatchObject({
      toDomain: 'example.com',
      toHash: expect.stringMatching(/^[0-9a-f]{16}$/),
      subject: 'Your Waveframe verification code: [redacted]',
    });
  });
});
