import { randomBytes } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activePromos, findPlan } from '../../core/plans/catalogue';
import { backends } from '../support/backends';
import { healthDetails } from '../support/health';
import { startProcess, startServer, type RunningServer } from '../support/server-process';
import { makeTempDir } from '../support/temp-dir';

describe.each(backends)('the API server on $name', (backend) => {
  let dataDir: Awaited<ReturnType<typeof makeTempDir>>;
  let database: Awaited<ReturnType<Backend['prepare']>>;
  let server: RunningServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await makeTempDir('api');
    database = await backend.prepare();
    env = {
      DATA_DIR: dataDir.dir,
      WEB_DIST_DIR: path.join(dataDir.dir, 'no-web-build'),
      ...database.env,
    };
    server = await startServer(env);
  });

  afterAll(async () => {
    await server?.stop();
    await database?.remove();
    await dataDir?.remove();
  });

  test('GET /api/health answers {ok: true} and nothing more', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ ok: true });
  });

  test("the operator's /api/health/details reports the database, storage and ffmpeg as working", async () => {
    const { status, body: health, headers } = await healthDetails(server.url);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(health).toMatchObject({
      status: 'ok',
      database: { ok: true, kind: backend.name, bootCount: 1 },
      storage: { ok: true, kind: 'local' },
      ffmpeg: { ok: true },
      worker: { inProcess: true },
      mail: { kind: 'outbox' },
    });
    expect(health.database.instanceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(health.ffmpeg.ffmpegVersion).toEqual(expect.any(String));
    expect(health.ffmpeg.ffprobeVersion).toEqual(expect.any(String));
    expect(['PATH', 'package']).toContain(health.ffmpeg.frameEncoderFrom);
  });

  test('GET /api/promos/get-active-promos lists the running promotions, by code too', async () => {
    const before = activePromos(new Date()).map((promo) => promo.key);
    const response = await fetch(`${server.url}/api/promos/get-active-promos`);
    const after = activePromos(new Date()).map((promo) => promo.key);
    expect(response.status).toBe(200);
    const body = await response.json();
    const keys = body.active_promos.map((promo: { key: string }) => promo.key);
    // A promotion that starts or ends during the call may be on either side.
    expect([before, after]).toContainEqual(keys);
    expect(Object.keys(body.active_promos_map)).toEqual(keys);
    for (const promo of body.active_promos) {
      const plan = findPlan(promo.plan)!;
      expect(promo.prices).toEqual(plan.prices);
      expect(body.active_promos_map[promo.key]).toEqual(promo);
    }
  });

  test('an unknown /api path answers 404 JSON { exc, message }', async () => {
    for (const [method, url] of [
      ['GET', '/api/does-not-exist'],
      ['POST', '/api/health'],
      ['DELETE', '/api/anything/at/all?x=1'],
      ['GET', '/api'],
    ] as const) {
      const response = await fetch(`${server.url}${url}`, { method });
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = await response.json();
      expect(body).toEqual({
        exc: 'NotFound',
        message: `No API route for ${method} ${url.split('?')[0]}`,
      });
    }
  });

  test('outside /api, a server without a web build says how to get one, as JSON', async () => {
    const response = await fetch(`${server.url}/media`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      exc: 'NotFound',
      message: 'The web app is not built: run `npm start`.',
    });
  });

  test('data survives a restart: same installation id, one more boot', async () => {
    const before = (await healthDetails(server.url)).body;
    expect(await server.stop()).toBe(0);
    server = await startServer(env);
    const after = (await healthDetails(server.url)).body;
    expect(after.database.instanceId).toBe(before.database.instanceId);
    expect(after.database.bootCount).toBe(before.database.bootCount + 1);
  });
});

type Backend = (typeof backends)[number];

describe('the API server serving the web app', () => {
  let dataDir: Awaited<ReturnType<typeof makeTempDir>>;
  let server: RunningServer;

  beforeAll(async () => {
    dataDir = await makeTempDir('web');
    // A minimal build: the server's file handling is what is under test, not the app.
    const dist = path.join(dataDir.dir, 'dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>shell</title>');
    await writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
    await writeFile(path.join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1);');
    server = await startServer({ DATA_DIR: dataDir.dir, WEB_DIST_DIR: dist });
  });

  afterAll(async () => {
    await server?.stop();
    await dataDir?.remove();
  });

  test('deep links get the app shell, so the app router decides what to show', async () => {
    // Each with its own head (tests/api/seo.test.ts); unknown paths with status 404.
    for (const [url, status, title] of [
      ['/', 200, 'Turn your music into videos'],
      ['/media/audio/123', 200, 'Audio Track'],
      ['/no/such/page', 404, 'Page Not Found'],
    ] as const) {
      const response = await fetch(`${server.url}${url}`);
      expect(response.status, url).toBe(status);
      const html = await response.text();
      expect(html).toMatch(/^<!doctype html>/);
      expect(html).toContain(`<title>${title} · Waveframe</title>`);
    }
  });

  test('/index.html redirects to /', async () => {
    const response = await fetch(`${server.url}/index.html`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/');
  });

  test('hashed assets are cached for a year; the service worker is always revalidated', async () => {
    const asset = await fetch(`${server.url}/assets/app-1a2b3c.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const worker = await fetch(`${server.url}/sw.js`);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
  });

  test('unknown /api paths still answer JSON, not the app shell', async () => {
    const response = await fetch(`${server.url}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect((await response.json()).exc).toBe('NotFound');
  });

  // One embedded database, one process: this server holds its DATA_DIR's PGlite database.
  test('a second server on the same DATA_DIR refuses to open the database and says why', async () => {
    const second = startProcess('server/main.ts', { DATA_DIR: dataDir.dir, PORT: '0' });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `Another Waveframe process (pid ${server.child.pid}) is using the database`,
    );
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});

describe('start-up problems are reported, not crashed through', () => {
  test('bad settings stop the server with one clear sentence each and exit code 1; an SMTP_URL the mailer cannot read is one, without its password', async () => {
    const dataDir = await makeTempDir('badconfig');
    try {
      // One start for every setting: the check reports each problem it finds. The SMTP_URL has
      // an unencoded / in the password: nodemailer would fall back to url.parse(), whose
      // deprecation warning prints the whole URL.
      const run = startProcess('server/main.ts', {
        DATA_DIR: dataDir.dir,
        PORT: 'eighty',
        WORKER: 'maybe',
        SMTP_URL: 'smtp://mailer:Smtp/Password1@127.0.0.1:25',
      });
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain(
        'Invalid configuration: PORT must be a number (got "eighty").',
      );
      expect(run.output()).toContain('WORKER must be "on" or "off" (got "maybe").');
      expect(run.output()).not.toContain('Password1');
      expect(run.output()).toContain(
        'SMTP_URL must be a URL: percent-encode the user name and password',
      );
    } finally {
      await dataDir.remove();
    }
  });

  test('a key file other users can read stops the start, with the command that fixes it', async () => {
    const dataDir = await makeTempDir('open-key');
    const keyFile = path.join(dataDir.dir, 'secrets', 'token-encryption.key');
    try {
      await mkdir(path.dirname(keyFile), { recursive: true, mode: 0o700 });
      await writeFile(keyFile, `${randomBytes(32).toString('base64')}\n`);
      await chmod(keyFile, 0o644);
      const outcome = await startServer({ DATA_DIR: dataDir.dir, TOKEN_ENCRYPTION_KEY: '' }).then(
        async (server) => {
          await server.stop();
          return 'the server started';
        },
        (error: Error) => error.message,
      );
      expect(outcome).toContain(
        `\n${keyFile} is open to other users (mode 0644): run chmod 600 ${keyFile} and start again.\n`,
      );
    } finally {
      await dataDir.remove();
    }
  });

  test("a broken ffmpeg shows in the operator's health details (503) while the API keeps serving", async () => {
    const dataDir = await makeTempDir('noffmpeg');
    const missing = path.join(dataDir.dir, 'no-such-ffmpeg');
    const server = await startServer({ DATA_DIR: dataDir.dir, FFMPEG_PATH: missing });
    try {
      // The public answer is liveness only: it neither runs ffmpeg nor says what is wrong.
      const live = await fetch(`${server.url}/api/health`);
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ ok: true });
      const { status, body: health } = await healthDetails(server.url);
      expect(status).toBe(503);
      expect(health.status).toBe('degraded');
      expect(health.ffmpeg.ok).toBe(false);
      expect(health.ffmpeg.ffmpegVersion).toBeNull();
      expect(health.ffmpeg.error).toContain(missing);
      expect(health.database.ok).toBe(true);
      expect(server.output()).toContain('ffmpeg is not usable');
    } finally {
      await server.stop();
      await dataDir.remove();
    }
  });

  test('`npm run worker` without PostgreSQL explains that it needs DATABASE_URL', async () => {
    const dataDir = await makeTempDir('worker-pglite');
    try {
      const run = startProcess('server/worker.ts', { DATA_DIR: dataDir.dir, DATABASE_URL: '' });
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain(
        'A separate worker needs a shared PostgreSQL database: set DATABASE_URL.',
      );
    } finally {
      await dataDir.remove();
    }
  });
});
