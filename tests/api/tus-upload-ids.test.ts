// The tus endpoint authorises the :audioId of the route (the user's own audio or video draft);
// the bytes must land in that upload and no other, whatever else the request's URL holds.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { embeddedBackend } from '../support/backends';
import { startInProcessServer, type InProcessServer } from '../support/in-process-server';
import { tusHead, tusPatch } from '../support/raw-tus';
import { signUp } from '../support/renders-client';

const SIZE = 4096;
const CHUNK = Buffer.alloc(1024, 0x42);

/** One tus request with the target as written; a PATCH sends `body` at offset 0. */
const tus = (
  baseUrl: string,
  api: ApiClient,
  method: 'HEAD' | 'PATCH',
  target: string,
  body?: Buffer,
) =>
  method === 'PATCH' && body
    ? tusPatch(baseUrl, api, target, 0, body)
    : tusHead(baseUrl, api, target);

type DraftKind = 'audio' | 'video';

async function draftOf(api: ApiClient, kind: DraftKind): Promise<string> {
  const answer =
    kind === 'audio'
      ? await api.post('/api/audio/add-audio-draft', {
          file_name: 'mine.wav',
          file_size: SIZE,
          mimetype: 'audio/wav',
        })
      : await api.post('/api/videos/add-video-draft', {
          file_name: 'mine.mp4',
          file_size: SIZE,
          mimetype: 'video/mp4',
        });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (answer.body.audio_uuid ?? answer.body.video_uuid) as string;
}

const UPLOADS = '/api/audio/uploads';

describe.each(embeddedBackend)('tus upload ids on $name', (backend) => {
  let server: InProcessServer;
  let removeDatabase: () => Promise<void>;

  beforeAll(async () => {
    const prepared = await backend.prepare();
    removeDatabase = prepared.remove;
    server = await startInProcessServer(prepared.env);
  });
  afterAll(async () => {
    await server?.stop();
    await removeDatabase?.();
  });

  const offsetOf = async (api: ApiClient, id: string) => {
    const answer = await tus(server.url, api, 'HEAD', `${UPLOADS}/${id}`);
    expect(answer.status).toBe(200);
    return Number(answer.offset);
  };

  describe.each<DraftKind>(['audio', 'video'])("another user's %s draft", (kind) => {
    // The id tus itself would read is the last path segment of the whole URL: a query or a
    // fragment ending in /<id> moved it to the victim's upload.
    test.each([
      ['a query ending in /<id>', (own: string, other: string) => `${own}?x=/${other}`],
      ['a query ending in /<id>/', (own: string, other: string) => `${own}?x=/${other}/`],
      ['a fragment ending in /<id>', (own: string, other: string) => `${own}#/${other}`],
    ])(
      'a PATCH to the own draft naming it in %s writes into the own draft only',
      async (_name, target) => {
        const victim = await signUp(server.url);
        const attacker = await signUp(server.url);
        const theirs = await draftOf(victim.api, kind);
        const mine = await draftOf(attacker.api, kind);

        const patch = await tus(
          server.url,
          attacker.api,
          'PATCH',
          `${UPLOADS}/${target(mine, theirs)}`,
          CHUNK,
        );
        expect(patch.status).toBe(204);
        expect(patch.offset).toBe(String(CHUNK.length));
        expect(await offsetOf(victim.api, theirs)).toBe(0);
        expect(await offsetOf(attacker.api, mine)).toBe(CHUNK.length);
      },
    );

    test('a HEAD on the own draft naming theirs in a query reads the own offset, not theirs', async () => {
      const victim = await signUp(server.url);
      const attacker = await signUp(server.url);
      const theirs = await draftOf(victim.api, kind);
      const mine = await draftOf(attacker.api, kind);
      expect(
        (await tus(server.url, victim.api, 'PATCH', `${UPLOADS}/${theirs}`, CHUNK)).status,
      ).toBe(204);

      const head = await tus(server.url, attacker.api, 'HEAD', `${UPLOADS}/${mine}?x=/${theirs}`);
      expect(head).toEqual({ status: 200, offset: '0' });
    });

    test.each([
      ['%2F..%2F', (own: string, other: string) => `${own}%2F..%2F${other}`],
      ['%2F', (own: string, other: string) => `${own}%2F${other}`],
      ['/../', (own: string, other: string) => `${own}/../${other}`],
      ['%3F', (own: string, other: string) => `${own}%3Fx=%2F${other}`],
    ])(
      'a PATCH whose path joins the own draft and theirs with %s is refused, and theirs stays empty',
      async (_name, target) => {
        const victim = await signUp(server.url);
        const attacker = await signUp(server.url);
        const theirs = await draftOf(victim.api, kind);
        const mine = await draftOf(attacker.api, kind);

        const patch = await tus(
          server.url,
          attacker.api,
          'PATCH',
          `${UPLOADS}/${target(mine, theirs)}`,
          CHUNK,
        );
        expect(patch.status).toBe(404);
        expect(await offsetOf(victim.api, theirs)).toBe(0);
        expect(await offsetOf(attacker.api, mine)).toBe(0);
      },
    );
  });

  test('uploads are created by the drafts only: a tus POST (creation) is not served', async () => {
    const { api } = await signUp(server.url);
    const response = await fetch(`${server.url}${UPLOADS}`, {
      method: 'POST',
      headers: {
        cookie: [...api.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'x-csrftoken': api.cookies.get('csrftoken') ?? '',
        'tus-resumable': '1.0.0',
        'upload-length': '1024',
      },
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('location')).toBeNull();
  });
});
