// Uploads in progress are kept apart from storage (DATA_DIR/uploads, or tus-uploads/ and an open
// multipart upload in S3), with the file's name. Deleting the account removes them, and uploads
// abandoned past their expiry are removed by the daily sweep, on local disk and on S3.
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UPLOAD_EXPIRY_MS } from '../../server/repositories/audio-uploads';
import { removeAbandonedUploads } from '../../server/services/media/abandoned-uploads.service';
import type { ApiClient } from '../support/api-client';
import { startInProcessServer, type InProcessServer } from '../support/in-process-server';
import { codeIn, readOutbox } from '../support/outbox';
import { tusHead, tusPatch } from '../support/raw-tus';
import { signUp } from '../support/renders-client';
import { startS3StandIn, type S3StandIn } from '../support/s3-stand-in';
import { waitFor } from '../support/wait-for';

/** The bytes each test upload has received: some, not all. */
const SENT = 1000;

interface Store {
  name: string;
  s3: boolean;
}

describe.each<Store>([
  { name: 'local disk', s3: false },
  { name: 'S3', s3: true },
])('uploads in progress on $name', ({ s3: onS3 }) => {
  let s3: S3StandIn | undefined;
  let client: S3Client | undefined;
  let server: InProcessServer;

  beforeAll(async () => {
    s3 = onS3 ? await startS3StandIn() : undefined;
    server = await startInProcessServer(s3?.env ?? {});
    client = s3
      ? new S3Client({
          endpoint: s3.env.S3_ENDPOINT,
          region: s3.env.S3_REGION,
          forcePathStyle: true,
          credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
        })
      : undefined;
  }, 120_000);

  afterAll(async () => {
    client?.destroy();
    await server?.stop();
    await s3?.stop();
  });

  /**
   * What the store holds of the upload `id`: its files on disk, or its objects and open
   * multipart uploads (`multipart:<key>`) in the bucket.
   */
  async function held(id: string): Promise<string[]> {
    if (!client) {
      const names = await readdir(path.join(server.dataDir, 'uploads'));
      return names.filter((name) => name.startsWith(id)).sort();
    }
    const bucket = s3!.env.S3_BUCKET;
    const objects = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: 'tus-uploads/' }),
    );
    const uploads = await client.send(
      new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: 'tus-uploads/' }),
    );
    return [
      ...(objects.Contents ?? []).map((object) => object.Key ?? ''),
      ...(uploads.Uploads ?? []).map((upload) => `multipart:${upload.Key ?? ''}`),
    ]
      .filter((name) => name.includes(id))
      .sort();
  }

  /** A draft (audio or video) with part of its bytes sent; answers its id and upload URL. */
  async function draftWithBytes(api: ApiClient, kind: 'audio' | 'video', fileName: string) {
    const answer = await api.post(
      kind === 'audio' ? '/api/audio/add-audio-draft' : '/api/videos/add-video-draft',
      {
        file_name: fileName,
        file_size: 5 * SENT,
        mimetype: kind === 'audio' ? 'audio/wav' : 'video/quicktime',
      },
    );
    expect(answer.status).toBe(201);
    const id = (kind === 'audio' ? answer.body.audio_uuid : answer.body.video_uuid) as string;
    const url = answer.body.upload_url as string;
    expect(await tusPatch(server.url, api, url, 0, Buffer.alloc(SENT, 7))).toEqual({
      status: 204,
      offset: String(SENT),
    });
    // The bytes, and the record with the file's name (an open multipart upload on S3).
    expect(await held(id)).toEqual(
      onS3
        ? [`multipart:tus-uploads/${id}`, `tus-uploads/${id}.info`, `tus-uploads/${id}.part`]
        : [id, `${id}.json`],
    );
    return { id, url };
  }

  test('deleting the account removes its uploads in progress', async () => {
    const { api, email } = await signUp(server.url);
    const audio = await draftWithBytes(api, 'audio', 'unreleased demo.wav');
    const video = await draftWithBytes(api, 'video', 'studio clip.mov');
    // Someone else's upload in progress stays.
    const other = await signUp(server.url);
    const theirs = await draftWithBytes(other.api, 'audio', 'their song.wav');

    expect((await api.post('/api/account/request-account-deletion')).status).toBe(200);
    const mail = await waitFor(
      'the deletion code',
      async () =>
        (await readOutbox(server.dataDir, email)).find((m) => /deleting/i.test(m.subject)),
      20_000,
      100,
    );
    const deleted = await api.delete('/api/account/confirm-account-deletion', {
      deletion_code: codeIn(mail),
    });
    expect(deleted.status).toBe(200);

    expect(await held(audio.id)).toEqual([]);
    expect(await held(video.id)).toEqual([]);
    expect((await tusHead(server.url, other.api, theirs.url)).offset).toBe(String(SENT));
  });

  test('the daily sweep removes uploads abandoned past the expiry and keeps recent ones', async () => {
    const { api } = await signUp(server.url);
    const old = await draftWithBytes(api, 'audio', 'old.wav');
    const oldVideo = await draftWithBytes(api, 'video', 'old clip.mov');
    // An upload whose draft is gone without it (as account deletion used to leave them).
    const leftover = randomUUID();
    await server.context.uploads.create(leftover, 5 * SENT, 'left behind.wav');
    expect((await held(leftover)).length).toBeGreaterThan(0);
    // S3 keeps times to the second: the recent upload begins two seconds after the cut.
    const cut = Date.now() + 500;
    await sleep(2_000);
    const recent = await draftWithBytes(api, 'audio', 'recent.wav');

    // The sweep as it runs UPLOAD_EXPIRY_MS after the cut.
    const removed = await removeAbandonedUploads(server.context, new Date(cut + UPLOAD_EXPIRY_MS));

    expect(removed).toBeGreaterThanOrEqual(2);
    expect(await held(old.id)).toEqual([]);
    expect(await held(oldVideo.id)).toEqual([]);
    expect(await held(leftover)).toEqual([]);
    // The abandoned drafts are gone with their bytes (the app sends such a file again)...
    expect((await tusHead(server.url, api, old.url)).status).toBe(404);
    expect((await tusHead(server.url, api, oldVideo.url)).status).toBe(404);
    // ...and the recent one resumes where it was.
    expect(await tusHead(server.url, api, recent.url)).toEqual({
      status: 200,
      offset: String(SENT),
    });
    expect((await held(recent.id)).length).toBeGreaterThan(0);
  });
});
