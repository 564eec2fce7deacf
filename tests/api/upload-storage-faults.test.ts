// An S3 server without a call tus's S3 store needs (s3rver has no ListParts): the server names
// the missing call in its log at start and on each upload, and the upload answers 503 with a
// reason, never 410 "This upload expired: start it again."
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UPLOAD_STORAGE_FAULT } from '../../server/repositories/audio-uploads';
import type { ApiClient } from '../support/api-client';
import { startInProcessServer, type InProcessServer } from '../support/in-process-server';
import { signUp } from '../support/renders-client';
import { startS3StandIn, type S3StandIn } from '../support/s3-stand-in';

/** A tus PATCH of a few bytes, answered with its status and body. */
async function patch(baseUrl: string, api: ApiClient, uploadUrl: string) {
  const response = await fetch(`${baseUrl}${uploadUrl}`, {
    method: 'PATCH',
    headers: {
      cookie: [...api.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      'x-csrftoken': api.cookies.get('csrftoken') ?? '',
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: Buffer.alloc(100, 1),
  });
  return { status: response.status, body: await response.text() };
}

describe('an S3 store that refuses ListParts', () => {
  let s3: S3StandIn;
  let server: InProcessServer;

  beforeAll(async () => {
    s3 = await startS3StandIn('waveframe-test', { refuse: ['ListParts'] });
    server = await startInProcessServer(s3.env);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await s3?.stop();
  });

  test('is named in the log at start and on the upload, which answers 503 with a reason', async () => {
    const atStart = server.logLines.filter((line) => line.includes('ListParts'));
    expect(atStart.length).toBeGreaterThan(0);
    expect(JSON.parse(atStart[0]!).level).toBeGreaterThanOrEqual(50);

    const { api } = await signUp(server.url);
    const draft = await api.post('/api/audio/add-audio-draft', {
      file_name: 'song.wav',
      file_size: 1000,
      mimetype: 'audio/wav',
    });
    expect(draft.status).toBe(201);
    const id = draft.body.audio_uuid as string;
    const logged = server.logLines.length;

    const head = await fetch(`${server.url}${draft.body.upload_url}`, {
      method: 'HEAD',
      headers: {
        cookie: [...api.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'tus-resumable': '1.0.0',
      },
    });
    expect(head.status).toBe(503);
    const sent = await patch(server.url, api, draft.body.upload_url as string);
    expect(sent.status).toBe(503);
    expect(JSON.parse(sent.body)).toEqual({ exc: 'StorageFault', message: UPLOAD_STORAGE_FAULT });
    expect(sent.body).not.toContain('expired');
    const finalize = await api.post('/api/audio/add-audio-finalize', { audio_uuid: id });
    expect(finalize.status).toBe(503);
    expect(finalize.body.exc).toBe('StorageFault');

    const named = server.logLines
      .slice(logged)
      .filter((line) => line.includes('ListParts') && line.includes(id));
    expect(named.length).toBeGreaterThanOrEqual(3);
    expect(named[0]).toContain('MethodNotAllowed');
  });
});
