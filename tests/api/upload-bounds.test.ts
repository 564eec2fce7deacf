// What slow uploads may hold. Each tus PATCH holds its upload's lock (on PostgreSQL, a
// connection of the lock pool) while its body arrives: one user's many slow PATCHes are bounded
// (a few at once, the rest 429 with a reason) so that another user's upload still goes through,
// and a client that trickles or stalls is cut off after the request and idle timeouts, its
// upload resumable from what arrived.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { backends, postgresBackend } from '../support/backends';
import { startInProcessServer, type InProcessServer } from '../support/in-process-server';
import { openTusRequest, tusHead, tusPatch, type TusAnswer } from '../support/raw-tus';
import { signUp } from '../support/renders-client';
import { waitFor } from '../support/wait-for';

const SIZE = 256 * 1024;

/** A draft of `SIZE` bytes: the tus address its bytes go to. */
async function draftOf(api: ApiClient, name: string): Promise<string> {
  const draft = await api.post('/api/audio/add-audio-draft', {
    file_name: name,
    file_size: SIZE,
    mimetype: 'audio/wav',
  });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  return draft.body.upload_url as string;
}

/** A PATCH of the whole draft that sends its first bytes and holds on. */
function slowPatch(baseUrl: string, api: ApiClient, uploadUrl: string) {
  const open = openTusRequest(baseUrl, api, 'PATCH', uploadUrl, { offset: 0, size: SIZE });
  const state: { answer: TusAnswer | null; closed: boolean } = { answer: null, closed: false };
  open.answer.then(
    (answer) => (state.answer = answer),
    () => {},
  );
  open.request.on('close', () => (state.closed = true));
  open.request.write(randomBytes(1024));
  return { ...open, state, uploadUrl };
}

/** Sends the rest of the upload from where the server says it is. */
async function resume(baseUrl: string, api: ApiClient, uploadUrl: string, data: Buffer) {
  const head = await tusHead(baseUrl, api, uploadUrl);
  expect(head.status).toBe(200);
  const offset = Number(head.offset);
  return tusPatch(baseUrl, api, uploadUrl, offset, data.subarray(offset));
}

/** Connections whose last statement asked for an upload lock (held, or still asking). */
async function lockConnections(server: InProcessServer): Promise<number> {
  const result = await server.context.database.sql.executeSql(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and query like 'SELECT pg_try_advisory_lock(%'`,
  );
  return (result.rows[0] as { n: number }).n;
}

describe.runIf(postgresBackend)('slow uploads on PostgreSQL', () => {
  let prepared: Awaited<ReturnType<NonNullable<typeof postgresBackend>['prepare']>>;
  let server: InProcessServer;

  beforeAll(async () => {
    prepared = await postgresBackend!.prepare();
    server = await startInProcessServer(prepared.env);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await prepared?.remove();
  });

  test("one user's twenty slow PATCHes leave room for another user's upload", async () => {
    const hog = await signUp(server.url);
    const drafts: string[] = [];
    for (let i = 0; i < 20; i++) drafts.push(await draftOf(hog.api, `slow-${i}.wav`));
    const slow = drafts.map((uploadUrl) => slowPatch(server.url, hog.api, uploadUrl));
    try {
      // Every PATCH either holds its lock or was answered (before: all twenty took a lock, and
      // with them every connection of the lock pool).
      await waitFor('the slow PATCHes to be served or refused', async () => {
        const answered = slow.filter((patch) => patch.state.answer).length;
        return answered + (await lockConnections(server)) >= slow.length ? true : undefined;
      });

      // Another user's upload goes through at once.
      const other = await signUp(server.url);
      const uploadUrl = await draftOf(other.api, 'other.wav');
      const data = randomBytes(SIZE);
      const answer = await Promise.race([
        tusPatch(server.url, other.api, uploadUrl, 0, data),
        sleep(20_000).then(() => 'no answer in 20 s'),
      ]);
      expect(answer).toEqual({ status: 204, offset: String(SIZE) });

      // The hog got three at once; the others were refused with a reason and a time to wait.
      const held = slow.filter((patch) => !patch.state.answer);
      expect(held).toHaveLength(3);
      expect(
        slow.filter((patch) => patch.state.answer).map((patch) => patch.state.answer!.status),
      ).toEqual(Array(17).fill(429));
      const refused = await fetch(`${server.url}${drafts.at(-1)}`, {
        method: 'HEAD',
        headers: {
          cookie: [...hog.api.cookies].map(([n, v]) => `${n}=${v}`).join('; '),
          'tus-resumable': '1.0.0',
        },
      });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('5');
      const reason = await fetch(`${server.url}${drafts.at(-1)}`, {
        method: 'PATCH',
        headers: {
          cookie: [...hog.api.cookies].map(([n, v]) => `${n}=${v}`).join('; '),
          'x-csrftoken': hog.api.cookies.get('csrftoken') ?? '',
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(16),
      });
      expect(reason.status).toBe(429);
      expect(await reason.json()).toMatchObject({
        exc: 'TooManyRequests',
        message:
          'This account is already sending 3 uploads at once, the most the server takes: this one goes on when one of them is done.',
      });

      // The held ones finish; a refused one then goes on from where it is.
      for (const patch of held) patch.request.end(randomBytes(SIZE - 1024));
      for (const patch of held)
        expect(await patch.answer).toEqual({ status: 204, offset: String(SIZE) });
      const refusedOne = slow.find((patch) => patch.state.answer)!;
      expect(await resume(server.url, hog.api, refusedOne.uploadUrl, randomBytes(SIZE))).toEqual({
        status: 204,
        offset: String(SIZE),
      });
    } finally {
      for (const patch of slow) patch.request.destroy();
    }
  });
});

describe.runIf(postgresBackend)('upload lock connections all taken, on PostgreSQL', () => {
  let prepared: Awaited<ReturnType<NonNullable<typeof postgresBackend>['prepare']>>;
  let server: InProcessServer;

  beforeAll(async () => {
    prepared = await postgresBackend!.prepare();
    server = await startInProcessServer({ ...prepared.env, UPLOAD_LOCK_CONNECTIONS: '1' });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await prepared?.remove();
  });

  test('a request that finds no lock connection free is answered busy (503) in seconds, and resumes', async () => {
    const holder = await signUp(server.url);
    const held = slowPatch(server.url, holder.api, await draftOf(holder.api, 'held.wav'));
    await waitFor('the slow PATCH to hold the one lock connection', async () =>
      (await lockConnections(server)) >= 1 ? true : undefined,
    );
    const other = await signUp(server.url);
    const uploadUrl = await draftOf(other.api, 'waiting.wav');
    const data = randomBytes(SIZE);
    try {
      const started = Date.now();
      const { request, answer } = openTusRequest(server.url, other.api, 'PATCH', uploadUrl, {
        offset: 0,
        size: SIZE,
      });
      const body: Buffer[] = [];
      const text = new Promise<string>((resolve) =>
        request.on('response', (response) => {
          response.on('data', (chunk: Buffer) => body.push(chunk));
          response.on('end', () => resolve(Buffer.concat(body).toString('utf8')));
        }),
      );
      request.end(data);
      expect((await answer).status).toBe(503);
      expect(await text).toBe(
        'The server is busy with other uploads: this one resumes in a moment.\n',
      );
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      held.request.destroy();
    }
    // The holder gone, the waiting upload goes on.
    await waitFor('the held lock to be let go', async () => {
      const answer = await resume(server.url, other.api, uploadUrl, data).catch(() => null);
      return answer?.status === 204 ? answer : undefined;
    });
  });
});

describe.each(backends)('slow clients on $name', (backend) => {
  let prepared: Awaited<ReturnType<typeof backend.prepare>>;
  let server: InProcessServer;

  beforeAll(async () => {
    prepared = await backend.prepare();
    server = await startInProcessServer({
      ...prepared.env,
      HTTP_REQUEST_TIMEOUT_SECONDS: '2',
      HTTP_IDLE_TIMEOUT_SECONDS: '2',
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await prepared?.remove();
  });

  test('a PATCH trickled a few bytes at a time, or stalled, is cut off; its upload resumes', async () => {
    const { api } = await signUp(server.url);
    const [trickledUrl, stalledUrl] = [await draftOf(api, 't.wav'), await draftOf(api, 's.wav')];
    const trickled = slowPatch(server.url, api, trickledUrl);
    const stalled = slowPatch(server.url, api, stalledUrl);
    // Never idle: 16 bytes every quarter second would take over an hour for the whole body.
    const drip = setInterval(() => {
      if (!trickled.state.closed) trickled.request.write(randomBytes(16));
    }, 250);
    const sent = Date.now();
    try {
      const cutOff = (patch: ReturnType<typeof slowPatch>, what: string) =>
        waitFor(what, async () => (patch.state.closed ? Date.now() - sent : undefined), 15_000);
      const [trickledMs, stalledMs] = await Promise.all([
        cutOff(trickled, 'the trickled PATCH to be cut off'),
        cutOff(stalled, 'the stalled PATCH to be cut off'),
      ]);
      // The trickle was cut by the request's time, not for idling.
      expect(trickledMs).toBeGreaterThanOrEqual(2_000);
      expect(stalledMs).toBeGreaterThanOrEqual(1_500);
    } finally {
      clearInterval(drip);
      trickled.request.destroy();
      stalled.request.destroy();
    }
    // Their locks are free: each upload resumes from what arrived and completes.
    for (const uploadUrl of [trickledUrl, stalledUrl]) {
      const data = randomBytes(SIZE);
      expect(await resume(server.url, api, uploadUrl, data)).toEqual({
        status: 204,
        offset: String(SIZE),
      });
    }
  });
});
