// The public liveness answer and the operator's detailed report (issue 23): what each tells, what
// each costs, who gets the details and how often.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { isOperatorToken } from '../../server/services/health.service';
import { TEST_HEALTH_TOKEN } from '../support/health';
import { startInProcessServer, type InProcessServer } from '../support/in-process-server';

describe('GET /api/health and /api/health/details', () => {
  let server: InProcessServer;
  /** How often the expensive checks ran: ffmpeg -version (two processes) and a storage write. */
  const ran = { ffmpeg: 0, storageWrites: 0 };

  beforeAll(async () => {
    server = await startInProcessServer();
    const { ffmpeg, storage } = server.context;
    const status = ffmpeg.status.bind(ffmpeg);
    ffmpeg.status = () => {
      ran.ffmpeg += 1;
      return status();
    };
    const put = storage.put.bind(storage);
    storage.put = (...args) => {
      ran.storageWrites += 1;
      return put(...args);
    };
  });

  afterAll(async () => {
    await server?.stop();
  });

  beforeEach(() => {
    ran.ffmpeg = 0;
    ran.storageWrites = 0;
  });

  /** Each test asks from an address of its own: the details are limited per address. */
  const get = (path: string, address: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers: { 'x-forwarded-for': address, ...headers } });
  const asOperator = { authorization: `Bearer ${TEST_HEALTH_TOKEN}` };

  test('the public answer is {ok: true} and nothing more, and starts no ffmpeg and writes nothing', async () => {
    for (let i = 0; i < 5; i += 1) {
      const response = await get('/api/health', '203.0.113.1');
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ ok: true });
    }
    expect(ran).toEqual({ ffmpeg: 0, storageWrites: 0 });
  });

  test('the public answer is 503 {ok: false} when the database does not answer, without saying why', async () => {
    const db = server.context.database.db as { execute: unknown };
    const execute = db.execute;
    db.execute = () => Promise.reject(new Error('connection refused by db.internal:5432'));
    try {
      const response = await get('/api/health', '203.0.113.2');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ ok: false });
    } finally {
      db.execute = execute;
    }
    expect((await get('/api/health', '203.0.113.2')).status).toBe(200);
  });

  test('without the operator’s token the details answer as a path that does not exist', async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer not-the-token-at-all-0000000000' },
      { authorization: `Bearer ${TEST_HEALTH_TOKEN}x` },
      { authorization: `Basic ${TEST_HEALTH_TOKEN}` },
      { authorization: TEST_HEALTH_TOKEN },
    ];
    for (const headers of refused) {
      const response = await get('/api/health/details', '203.0.113.3', headers);
      expect(response.status, JSON.stringify(headers)).toBe(404);
      expect(await response.json()).toEqual({
        exc: 'NotFound',
        message: 'No API route for GET /api/health/details',
      });
    }
    expect(ran).toEqual({ ffmpeg: 0, storageWrites: 0 });
    // An installation without HEALTH_TOKEN gives the details to nobody.
    expect(isOperatorToken(undefined, 'Bearer undefined')).toBe(false);
    expect(isOperatorToken(undefined, 'Bearer ')).toBe(false);
  });

  test('with the token, the whole report: each part checked for real', async () => {
    const response = await get('/api/health/details', '203.0.113.4', asOperator);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toMatchObject({
      status: 'ok',
      version: 'test',
      database: { ok: true, kind: 'pglite', bootCount: 1 },
      storage: { ok: true, kind: 'local' },
      ffmpeg: { ok: true },
    });
    expect(ran).toEqual({ ffmpeg: 1, storageWrites: 1 });
  });

  test('ten details a minute per address, the operator’s too; then 429 with Retry-After', async () => {
    // The limit counts in fixed minutes: start well inside one so all eleven land in it.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 55_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
    for (let i = 0; i < 10; i += 1) {
      expect((await get('/api/health/details', '203.0.113.5')).status).toBe(404);
    }
    const limited = await get('/api/health/details', '203.0.113.5', asOperator);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({
      exc: 'TooManyRequests',
      message: 'Wait a few seconds then try again',
    });
    expect(ran.ffmpeg).toBe(0);
    // Another address is counted on its own; the public answer is never limited.
    expect((await get('/api/health/details', '203.0.113.6', asOperator)).status).toBe(200);
    expect((await get('/api/health', '203.0.113.5')).status).toBe(200);
  });
});
