// Every answer carries the security headers (issue 23): pages, files, API answers, 404s, errors
// and the tus upload replies that bypass Fastify's reply.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { contentSecurityPolicy, PERMISSIONS_POLICY } from '../../server/http/security-headers';
import { startInProcessServer, type InProcessServer } from '../support/in-process-server';
import { signUp } from '../support/renders-client';
import { makeTempDir } from '../support/temp-dir';

describe('security headers', () => {
  let web: Awaited<ReturnType<typeof makeTempDir>>;
  let server: InProcessServer;

  beforeAll(async () => {
    web = await makeTempDir('headers-web');
    // A minimal build: which answers carry the headers is under test, not the app.
    await mkdir(path.join(web.dir, 'assets'), { recursive: true });
    await writeFile(path.join(web.dir, 'index.html'), '<!doctype html><title>shell</title>');
    await writeFile(path.join(web.dir, 'sw.js'), 'self.addEventListener("install", () => {});');
    await writeFile(path.join(web.dir, 'assets', 'app-1a2b3c.js'), 'console.log(1);');
    server = await startInProcessServer({ WEB_DIST_DIR: web.dir });
  });

  afterAll(async () => {
    await server?.stop();
    await web?.remove();
  });

  function expectSecurityHeaders(headers: Headers, what: string, https = false): void {
    const config = server.context.config;
    expect(headers.get('content-security-policy'), what).toBe(contentSecurityPolicy(config));
    expect(headers.get('x-frame-options'), what).toBe('DENY');
    expect(headers.get('x-content-type-options'), what).toBe('nosniff');
    expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
    expect(headers.get('permissions-policy'), what).toBe(PERMISSIONS_POLICY);
    expect(headers.get('cross-origin-opener-policy'), what).toBe('same-origin-allow-popups');
    expect(headers.get('strict-transport-security'), what).toBe(
      https ? 'max-age=31536000; includeSubDomains' : null,
    );
  }

  test('on every kind of answer: pages, deep routes, 404s, files, API answers and errors', async () => {
    for (const [method, url, status] of [
      ['GET', '/', 200],
      ['GET', '/media/audio/123', 200],
      ['GET', '/404', 404],
      ['GET', '/no/such/page', 404],
      ['GET', '/index.html', 301],
      ['GET', '/assets/app-1a2b3c.js', 200],
      ['GET', '/assets/missing-0000.js', 404],
      ['GET', '/sw.js', 200],
      ['GET', '/robots.txt', 200],
      ['GET', '/api/health', 200],
      ['GET', '/api/does-not-exist', 404],
      ['GET', '/api/auth/user', 401],
      ['POST', '/api/auth/log-in', 403],
      ['GET', '/api/health/details', 404],
    ] as const) {
      const response = await fetch(`${server.url}${url}`, { method, redirect: 'manual' });
      expect(response.status, `${method} ${url}`).toBe(status);
      expectSecurityHeaders(response.headers, `${method} ${url}`);
    }
  });

  test('the pages carry the policy as they are sent to the browser, with no inline script allowed', async () => {
    const response = await fetch(`${server.url}/media`);
    const policy = response.headers.get('content-security-policy') ?? '';
    const scripts = /(?:^|; )script-src ([^;]*)/.exec(policy)?.[1]?.split(' ');
    expect(scripts).toContain("'self'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  test('Strict-Transport-Security only on answers that came over https (here: from a trusted proxy)', async () => {
    for (const url of ['/', '/api/health', '/api/does-not-exist']) {
      const https = await fetch(`${server.url}${url}`, {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expectSecurityHeaders(https.headers, `https ${url}`, true);
      const http = await fetch(`${server.url}${url}`, { headers: { 'x-forwarded-proto': 'http' } });
      expectSecurityHeaders(http.headers, `http ${url}`, false);
    }
  });

  test('the tus upload replies, written past Fastify, carry them too', async () => {
    const { api } = await signUp(server.url);
    const draft = await api.post('/api/audio/add-audio-draft', {
      file_name: 'song.mp3',
      file_size: 1000,
      mimetype: 'audio/mpeg',
      duration_seconds: null,
    });
    expect(draft.status).toBe(201);
    const cookie = [...api.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const head = await fetch(`${server.url}${draft.body.upload_url}`, {
      method: 'HEAD',
      headers: { cookie, 'tus-resumable': '1.0.0' },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe('0');
    expectSecurityHeaders(head.headers, 'tus HEAD');
  });
});
