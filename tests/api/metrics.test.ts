// What an operator sees (issue 25): GET /metrics in Prometheus's text format behind the operator's
// token, the request, queue, webhook and upload figures in it, and the request id that follows a
// request into its log lines and into the jobs it queued.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApiClient } from '../support/api-client';
import { backends, postgresBackend } from '../support/backends';
import { fixture } from '../support/fixtures';
import { freePort } from '../support/free-port';
import { TEST_HEALTH_TOKEN } from '../support/health';
import {
  SEPARATE_WORKERS_ENV,
  startApiAlone,
  startInProcessServer,
  type InProcessServer,
} from '../support/in-process-server';
import { tusUpload, uploadImage } from '../support/media-client';
import { queuedJobs } from '../support/queued-jobs';
import {
  createRender,
  renderIdOf,
  signUp,
  trackOf,
  waitForRender,
} from '../support/renders-client';
import { startProcess } from '../support/server-process';
import { STAND_IN_KEYS } from '../support/stripe-stand-in';
import { makeTempDir } from '../support/temp-dir';
import { waitFor } from '../support/wait-for';

const asOperator = { authorization: `Bearer ${TEST_HEALTH_TOKEN}` };

/** The value of one sample of a scrape, or undefined when the scrape has no such series. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    const wanted = Object.entries(labels);
    if (wanted.length === Object.keys(found).length && wanted.every(([k, v]) => found[k] === v)) {
      return Number(match[3]);
    }
  }
  return undefined;
}

interface LogLine {
  msg?: string;
  requestId?: string;
  job?: string;
  [key: string]: unknown;
}

describe.each(backends)('GET /metrics and request ids on $name', (backend) => {
  let server: InProcessServer;
  let removeDatabase: () => Promise<void>;
  let address = 0;

  beforeAll(async () => {
    const prepared = await backend.prepare();
    removeDatabase = prepared.remove;
    server = await startInProcessServer({
      ...prepared.env,
      ...STAND_IN_KEYS,
      // Nothing answers here: no webhook of this test calls Stripe's API.
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
  });
  afterAll(async () => {
    await server?.stop();
    await removeDatabase?.();
  });

  const scrape = async () => {
    const response = await fetch(`${server.url}/metrics`, { headers: asOperator });
    expect(response.status).toBe(200);
    return response.text();
  };
  const logs = (): LogLine[] => server.logLines.map((line) => JSON.parse(line) as LogLine);
  const signedIn = async (headers: Record<string, string> = {}) => {
    const api = new ApiClient(server.url, { 'x-forwarded-for': `198.51.100.${++address}` });
    await api.hail();
    const email = `metrics${Date.now()}${address}@example.com`;
    const answer = await api.call(
      'POST',
      '/api/auth/sign-up',
      { email, password1: 'abcdef', password2: 'abcdef' },
      { headers },
    );
    expect(answer.status).toBe(201);
    return { api, email, answer };
  };

  test('the scrape needs the operator’s token; anyone else gets a 404 as for no such path', async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer not-the-token-at-all-0000000000' },
      { authorization: `Bearer ${TEST_HEALTH_TOKEN}x` },
      { authorization: `Basic ${TEST_HEALTH_TOKEN}` },
    ];
    const nowhere = await fetch(`${server.url}/no-such-path-${randomUUID()}`);
    for (const headers of refused) {
      const response = await fetch(`${server.url}/metrics`, { headers });
      expect(response.status, JSON.stringify(headers)).toBe(404);
      expect(response.headers.get('content-type')).toBe(nowhere.headers.get('content-type'));
      expect(await response.text()).not.toContain('waveframe_');
    }
    const response = await fetch(`${server.url}/metrics`, { headers: asOperator });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    for (const name of [
      'waveframe_http_requests_total counter',
      'waveframe_http_request_duration_seconds histogram',
      'waveframe_queue_jobs gauge',
      'waveframe_mail_queue_depth gauge',
      'waveframe_render_seconds_per_video_second histogram',
      'waveframe_upload_bytes_received_total counter',
      'waveframe_webhook_events_total counter',
      'process_cpu_user_seconds_total counter',
      'nodejs_eventloop_lag_seconds gauge',
    ]) {
      expect(text).toContain(`# TYPE ${name}`);
    }
    // Every job name is reported, even without jobs.
    expect(sample(text, 'waveframe_queue_jobs', { job: 'render-video', state: 'failed' })).toBe(0);
  });

  test('an installation without HEALTH_TOKEN serves the figures to nobody', async () => {
    const prepared = await backend.prepare();
    const tokenless = await startInProcessServer({ ...prepared.env, HEALTH_TOKEN: '' });
    try {
      for (const headers of [{}, asOperator, { authorization: 'Bearer undefined' }]) {
        const response = await fetch(`${tokenless.url}/metrics`, { headers });
        expect(response.status, JSON.stringify(headers)).toBe(404);
      }
    } finally {
      await tokenless.stop();
      await prepared.remove();
    }
  });

  test('requests are counted by route pattern, never by their raw URL', async () => {
    const route = '/api/audio/file/:audioId/:file';
    const labels = { method: 'GET', route, status_class: '4xx' };
    const before = await scrape();
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) {
      const response = await fetch(`${server.url}/api/audio/file/${id}/original.mp3`);
      expect(response.status).toBe(401);
    }
    const unknown = await fetch(`${server.url}/api/no-such-route/${ids[0]}`);
    expect(unknown.status).toBe(404);
    const after = await scrape();
    expect(sample(after, 'waveframe_http_requests_total', labels)).toBe(
      (sample(before, 'waveframe_http_requests_total', labels) ?? 0) + 3,
    );
    expect(sample(after, 'waveframe_http_request_duration_seconds_count', labels)).toBe(
      (sample(before, 'waveframe_http_request_duration_seconds_count', labels) ?? 0) + 3,
    );
    const unmatched = { method: 'GET', route: 'unmatched', status_class: '4xx' };
    expect(sample(after, 'waveframe_http_requests_total', unmatched)).toBe(
      (sample(before, 'waveframe_http_requests_total', unmatched) ?? 0) + 1,
    );
    for (const id of ids) expect(after).not.toContain(id);
    expect(after).not.toContain('original.mp3');
  });

  test('a mail waiting in the queue shows in the mail queue depth', async () => {
    const depth = (text: string) => sample(text, 'waveframe_mail_queue_depth');
    const before = await scrape();
    // Held back an hour: it waits for as long as the test looks.
    await server.context.queue.send(
      'send-mail',
      { to: 'later@example.com', subject: 'Later', text: 'later', html: '<p>later</p>' },
      { startAfterSeconds: 3600 },
    );
    const after = await scrape();
    expect(depth(after)).toBe((depth(before) ?? 0) + 1);
    expect(sample(after, 'waveframe_queue_jobs', { job: 'send-mail', state: 'waiting' })).toBe(
      depth(after),
    );
  });

  test('each webhook call is counted by provider and outcome', async () => {
    const count = (text: string, provider: string, outcome: string) =>
      sample(text, 'waveframe_webhook_events_total', { provider, outcome }) ?? 0;
    const signer = new Stripe(STAND_IN_KEYS.STRIPE_SECRET_KEY);
    const payload = JSON.stringify({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { id: 'sub_nobody', object: 'subscription', customer: 'cus_nobody' } },
    });
    const post = (provider: string, body: string, signature: string) =>
      fetch(`${server.url}/api/payment/webhooks/${provider}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signature,
          'paddle-signature': signature,
        },
        body,
      });
    const signature = signer.webhooks.generateTestHeaderString({
      payload,
      secret: STAND_IN_KEYS.STRIPE_WEBHOOK_SECRET,
    });
    const before = await scrape();
    const first = await post('stripe', payload, signature);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, outcome: 'unknown customer' });
    expect((await post('stripe', payload, signature)).status).toBe(200);
    expect((await post('stripe', payload, 't=1,v1=forged')).status).toBe(400);
    expect((await post('paddle', payload, 'ts=1;h1=forged')).status).toBe(404);
    const after = await scrape();
    for (const [provider, outcome] of [
      ['stripe', 'refused'],
      ['stripe', 'duplicate'],
      ['stripe', 'invalid_signature'],
      ['paddle', 'not_configured'],
    ] as const) {
      expect(count(after, provider, outcome), `${provider} ${outcome}`).toBe(
        count(before, provider, outcome) + 1,
      );
    }
    expect(count(after, 'stripe', 'applied')).toBe(count(before, 'stripe', 'applied'));
  });

  test('upload bytes received grow by what tus PATCHes and multipart pictures brought', async () => {
    const received = (text: string, kind: string) =>
      sample(text, 'waveframe_upload_bytes_received_total', { kind }) ?? 0;
    const { api } = await signedIn();
    const picture = fixture('images/symbolic-512.png');
    const audio = await readFile(fixture('audio/intro-8s-mono.mp3'));
    const before = await scrape();

    expect((await uploadImage(api, picture)).status).toBe(201);
    const draft = await api.post('/api/audio/add-audio-draft', {
      file_name: 'intro.mp3',
      file_size: audio.length,
      mimetype: 'audio/mpeg',
      duration_seconds: null,
    });
    expect(draft.status).toBe(201);
    // Several PATCHes of 16 KiB: each counts its own bytes.
    const chunkSize = 16 * 1024;
    expect(await tusUpload(api, draft.body.upload_url, audio, { chunkSize })).toBe('done');

    const after = await scrape();
    expect(received(after, 'image') - received(before, 'image')).toBe(
      (await readFile(picture)).length,
    );
    expect(received(after, 'audio') - received(before, 'audio')).toBe(audio.length);
    // tus answers those itself (the reply is hijacked): they are counted all the same.
    const patches = { method: 'PATCH', route: '/api/audio/uploads/:audioId', status_class: '2xx' };
    expect(
      (sample(after, 'waveframe_http_requests_total', patches) ?? 0) -
        (sample(before, 'waveframe_http_requests_total', patches) ?? 0),
    ).toBe(Math.ceil(audio.length / chunkSize));
  });

  test('a completed render is timed against the length of its video, by kind', async () => {
    const labels = { kind: 'single-frame' };
    const { api } = await signUp(server.url);
    const audio = await trackOf(api);
    const before = await scrape();
    const created = await createRender(api, 'single-frame', audio, {
      template: 'cover-on-blur',
      width: 1080,
      height: 1080,
    });
    expect(created.status).toBe(201);
    const id = renderIdOf(created.body);
    expect((await waitForRender(api, 'single-frame', id)).last.render_status).toBe('VIDEO READY');
    const after = await scrape();
    const count = (text: string) =>
      sample(text, 'waveframe_render_seconds_per_video_second_count', labels) ?? 0;
    const sum = (text: string) =>
      sample(text, 'waveframe_render_seconds_per_video_second_sum', labels) ?? 0;
    expect(count(after)).toBe(count(before) + 1);
    expect(sum(after)).toBeGreaterThan(sum(before));
  }, 240_000);

  test('a request’s id names its log lines and those of the jobs it queued', async () => {
    const { answer } = await signedIn();
    const requestId = answer.headers.get('x-request-id')!;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    // The verification mail leaves through the send-mail job, in the worker.
    const jobDone = await waitFor(
      'the sign-up’s mail job to complete',
      async () =>
        logs().find(
          (line) =>
            line.job === 'send-mail' &&
            line.msg === 'job completed' &&
            line.requestId === requestId,
        ),
      20_000,
    );
    expect(jobDone).toBeDefined();
    // The queue keeps it beside the job's data; the handler's schema never saw it.
    const [job] = (await queuedJobs(server.context, 'send-mail')).filter(
      (queued) => queued.data.requestId === requestId,
    );
    expect(job?.state).toBe('completed');
    const named = server.logLines.filter((line) => line.includes(requestId));
    const messages = named.map((line) => (JSON.parse(line) as LogLine).msg);
    // Fastify's own lines, a service's line, and the job's lines, including the mailer's.
    expect(messages).toEqual(
      expect.arrayContaining([
        'incoming request',
        'request completed',
        'account created',
        'job started',
        'job completed',
        'mail written to outbox',
      ]),
    );
    // Named once per line, never twice.
    for (const line of named) expect(line.split('"requestId"')).toHaveLength(2);
  });

  test('a client’s X-Request-Id never becomes a request’s id: it is logged beside the server’s', async () => {
    // Another request's id, sent again by a client (read from an answer, or guessed).
    const { answer: first } = await signedIn();
    const taken = first.headers.get('x-request-id')!;
    const chosen = `client-chosen-${randomUUID()}`;
    const given: string[] = [];
    for (const sent of [taken, chosen, chosen]) {
      const response = await fetch(`${server.url}/api/health`, {
        headers: { 'x-request-id': sent },
      });
      expect(response.status).toBe(200);
      given.push(response.headers.get('x-request-id') ?? '');
    }
    // Each answer names an id of the server's own, new each time.
    for (const id of given) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set([taken, ...given, chosen]).size).toBe(5);
    // The first request's lines are its own: no line of the later ones names its id.
    const lines = logs();
    const ofTaken = lines.filter((line) => line.requestId === taken);
    expect(ofTaken.length).toBeGreaterThan(0);
    expect(ofTaken.every((line) => line.clientRequestId === undefined)).toBe(true);
    // Each later request's lines name the server's id, and the client's beside it.
    for (const [index, sent] of [taken, chosen, chosen].entries()) {
      const named = lines.filter((line) => line.requestId === given[index]);
      expect(named.map((line) => line.msg)).toEqual(
        expect.arrayContaining(['incoming request', 'request completed']),
      );
      for (const line of named) expect(line.clientRequestId).toBe(sent);
    }
  });

  test('a hostile or oversized X-Request-Id is replaced by an id of the server’s', async () => {
    const hostile = [
      'a'.repeat(65),
      'abc"},{"level":60,"msg":"forged',
      'id with spaces',
      '<script>alert(1)</script>',
    ];
    for (const value of hostile) {
      const response = await fetch(`${server.url}/api/health`, {
        headers: { 'x-request-id': value },
      });
      expect(response.status).toBe(200);
      const given = response.headers.get('x-request-id') ?? '';
      expect(given).not.toBe(value);
      expect(given).toMatch(/^[0-9a-f-]{36}$/);
      expect(server.logLines.some((line) => line.includes(value.slice(0, 20)))).toBe(false);
    }

    // Line breaks cannot even be sent with fetch: the request is written by hand.
    const marker = `smuggled${randomUUID().slice(0, 8)}`;
    const { port } = new URL(server.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Request-Id: ok\n{"msg":"${marker}"}\r\nConnection: close\r\n\r\n`,
        );
      });
      let text = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      socket.on('end', () => resolve(text)).on('error', reject);
    });
    // Node's parser refuses it before any of our code runs: no id, no log line.
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).not.toContain(marker);
    expect(server.logLines.some((line) => line.includes(marker))).toBe(false);
  });
});

describe.runIf(postgresBackend)(
  'a separate worker’s /metrics and request ids, on PostgreSQL',
  () => {
    test('the worker serves /metrics on METRICS_PORT to the operator, and logs the request id of the jobs it runs', async () => {
      const dataDir = await makeTempDir('metrics-worker');
      const prepared = await postgresBackend!.prepare();
      const env = {
        ...SEPARATE_WORKERS_ENV,
        ...prepared.env,
        DATA_DIR: dataDir.dir,
        HEALTH_TOKEN: TEST_HEALTH_TOKEN,
      };
      const api = await startApiAlone(env);
      const metricsPort = await freePort();
      const worker = startProcess('server/worker.ts', {
        ...env,
        HOST: '127.0.0.1',
        METRICS_PORT: String(metricsPort),
      });
      try {
        const url = `http://127.0.0.1:${metricsPort}/metrics`;
        const scraped = await waitFor('the worker’s metrics to answer', async () => {
          const response = await fetch(url, { headers: asOperator }).catch(() => undefined);
          return response?.status === 200 ? response.text() : undefined;
        });
        expect(scraped).toContain('# TYPE waveframe_render_seconds_per_video_second histogram');
        expect(scraped).toContain('# TYPE process_cpu_user_seconds_total counter');
        expect(sample(scraped, 'waveframe_queue_jobs', { job: 'send-mail', state: 'failed' })).toBe(
          0,
        );
        expect((await fetch(url)).status).toBe(404);
        expect((await fetch(`http://127.0.0.1:${metricsPort}/api/health`)).status).toBe(404);

        // A sign-up on the API queues a mail; the worker, another process, sends it.
        const client = new ApiClient(api.url, { 'x-forwarded-for': '198.51.100.200' });
        await client.hail();
        const email = `worker${Date.now()}@example.com`;
        const answer = await client.post('/api/auth/sign-up', {
          email,
          password1: 'abcdef',
          password2: 'abcdef',
        });
        expect(answer.status).toBe(201);
        const requestId = answer.headers.get('x-request-id')!;
        const line = await waitFor(
          'the worker to log the mail job done',
          async () =>
            worker
              .output()
              .split('\n')
              .find((text) => text.includes('"msg":"job completed"') && text.includes(requestId)),
          30_000,
        );
        expect(JSON.parse(line)).toMatchObject({ role: 'worker', job: 'send-mail', requestId });
      } finally {
        expect(await worker.stop()).toBe(0);
        await api.close();
        await prepared.remove();
        await dataDir.remove();
      }
    });
  },
);
