// Two API instances behind a round-robin proxy share one PostgreSQL database and one S3 bucket:
// the chunks of one upload may reach either, requests on one upload never write it at once,
// and an instance whose keys differ from the others' refuses to start.
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { audios } from '../../server/db/schema';
import { ApiClient } from '../support/api-client';
import { postgresBackend } from '../support/backends';
import { openTusRequest, tusHead, tusPatch } from '../support/raw-tus';
import { fixture } from '../support/fixtures';
import { startInProcessServer, type InProcessServer } from '../support/in-process-server';
import { waitForAudio } from '../support/media-client';
import { signUp } from '../support/renders-client';
import { startS3StandIn, type S3StandIn } from '../support/s3-stand-in';
import { startProcess } from '../support/server-process';
import { makeTempDir } from '../support/temp-dir';
import { waitFor } from '../support/wait-for';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The keys every instance is given, as an operator would set them on each machine. */
const SHARED_KEYS = {
  TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  PLUGIN_LICENCE_PRIVATE_KEY: generateKeyPairSync('ed25519')
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString(),
};

/** The server's offset of the upload, read on the instance at `baseUrl`. */
async function headOffset(baseUrl: string, api: ApiClient, uploadUrl: string): Promise<number> {
  const answer = await tusHead(baseUrl, api, uploadUrl);
  expect(answer.status).toBe(200);
  return Number(answer.offset);
}

describe.runIf(postgresBackend)(
  'two instances on one PostgreSQL database and one S3 bucket',
  () => {
    let prepared: Awaited<ReturnType<NonNullable<typeof postgresBackend>['prepare']>>;
    let s3: S3StandIn;
    let one: InProcessServer;
    let two: InProcessServer;
    let env: Record<string, string>;
    let spool: { dir: string; remove(): Promise<void> } | undefined;
    let tmpdirBefore: string | undefined;

    beforeAll(async () => {
      prepared = await postgresBackend!.prepare();
      s3 = await startS3StandIn();
      env = { ...prepared.env, ...s3.env, ...SHARED_KEYS };
      one = await startInProcessServer(env);
      two = await startInProcessServer(env);
      // tus's S3 store spools parts through os.tmpdir(): here a folder of this test file's own
      // for the time of this file (a worker runs its files one at a time), so what a request
      // leaves there is seen.
      spool = await makeTempDir('spool');
      tmpdirBefore = process.env.TMPDIR;
      process.env.TMPDIR = spool.dir;
    }, 120_000);

    afterAll(async () => {
      if (tmpdirBefore === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmpdirBefore;
      await spool?.remove();
      await one?.stop();
      await two?.stop();
      await s3?.stop();
      await prepared?.remove();
    });

    test('chunks sent to either instance make one upload, finalized on the other and processed', async () => {
      const data = await readFile(fixture('audio/intro-30s.wav'));
      const { api, userUuid } = await signUp(one.url);
      const draft = await api.post('/api/audio/add-audio-draft', {
        file_name: 'intro-30s.wav',
        file_size: data.length,
        mimetype: 'audio/wav',
      });
      expect(draft.status, JSON.stringify(draft.body)).toBe(201);
      const uploadUrl = draft.body.upload_url as string;
      const audioUuid = draft.body.audio_uuid as string;

      // 1 MiB chunks: each lands below S3's 5 MiB part minimum, so every PATCH reads back what
      // the previous one (on the other instance) left in the bucket.
      const chunk = 1024 * 1024;
      const instances = [one, two];
      for (let offset = 0, turn = 0; offset < data.length; offset += chunk, turn++) {
        const to = instances[turn % 2]!;
        const body = data.subarray(offset, offset + chunk);
        const answer = await tusPatch(to.url, api, uploadUrl, offset, body);
        expect(answer).toEqual({ status: 204, offset: String(offset + body.length) });
        // The other instance sees the same progress.
        expect(await headOffset(instances[(turn + 1) % 2]!.url, api, uploadUrl)).toBe(
          offset + body.length,
        );
      }

      // The same browser, its request routed to the other instance (sessions are in the database).
      const client2 = new ApiClient(two.url);
      for (const [name, value] of api.cookies) client2.cookies.set(name, value);
      const final = await client2.post('/api/audio/add-audio-finalize', { audio_uuid: audioUuid });
      expect(final.status, JSON.stringify(final.body)).toBe(200);
      expect((await waitForAudio(api, audioUuid)).core_processing_status).toBe('COMPLETE');

      const [row] = await one.context.db
        .select()
        .from(audios)
        .where(eq(audios.audioUuid, audioUuid));
      expect(row!.sha256).toBe(sha256(data));
      const stored: Buffer[] = [];
      for await (const part of await two.context.storage.get(row!.originalKey!)) stored.push(part);
      expect(sha256(Buffer.concat(stored))).toBe(sha256(data));
      expect(row!.userUuid).toBe(userUuid);
      // The upload's own objects are gone from the bucket once it is in storage.
      expect(await one.context.storage.stat(`tus-uploads/${audioUuid}`)).toBeNull();
      expect(await one.context.storage.stat(`tus-uploads/${audioUuid}.info`)).toBeNull();
    });

    test("two PATCHes of one upload on two instances: the second waits for the first, then gets 409, and the bytes are the first one's", async () => {
      const size = 2 * 1024 * 1024;
      const first = Buffer.alloc(size / 2, 0x41);
      const intruder = Buffer.alloc(size / 2, 0x42);
      const rest = randomBytes(size / 2);
      const { api } = await signUp(one.url);
      const draft = await api.post('/api/audio/add-audio-draft', {
        file_name: 'locks.wav',
        file_size: size,
        mimetype: 'audio/wav',
      });
      expect(draft.status).toBe(201);
      const uploadUrl = draft.body.upload_url as string;

      const lockQueries = async () => {
        // The connections whose last statement was the locker's (held or still asking).
        const result = await one.context.database.sql.executeSql(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and query = $1`,
          ['SELECT pg_try_advisory_lock($1, $2) AS locked'],
        );
        return (result.rows[0] as { n: number }).n;
      };

      // The first PATCH sends half its body, then holds on: it holds the upload's lock.
      const held = openTusRequest(one.url, api, 'PATCH', uploadUrl, {
        offset: 0,
        size: first.length,
      });
      held.request.write(first.subarray(0, first.length / 2));
      await waitFor('the first PATCH to take the lock', async () =>
        (await lockQueries()) >= 1 ? true : undefined,
      );
      // The second, on the other instance, at the same offset with other bytes.
      const second = tusPatch(two.url, api, uploadUrl, 0, intruder);
      await waitFor('the second PATCH to ask for the lock', async () =>
        (await lockQueries()) >= 2 ? true : undefined,
      );
      const order: string[] = [];
      void second.then(() => order.push('second'));
      held.request.end(first.subarray(first.length / 2));
      const firstAnswer = await held.answer;
      order.push('first');
      expect(firstAnswer).toEqual({ status: 204, offset: String(first.length) });
      expect((await second).status).toBe(409);
      expect(order).toEqual(['first', 'second']);

      expect(await headOffset(two.url, api, uploadUrl)).toBe(first.length);
      expect(await tusPatch(two.url, api, uploadUrl, first.length, rest)).toEqual({
        status: 204,
        offset: String(size),
      });
      const audioUuid = draft.body.audio_uuid as string;
      const final = await api.post('/api/audio/add-audio-finalize', { audio_uuid: audioUuid });
      expect(final.status, JSON.stringify(final.body)).toBe(200);
      const [row] = await two.context.db
        .select()
        .from(audios)
        .where(eq(audios.audioUuid, audioUuid));
      expect(row!.sha256).toBe(sha256(Buffer.concat([first, rest])));
    });

    test('a PATCH cut off midway leaves no temporary file of the instance behind', async () => {
      const size = 2 * 1024 * 1024;
      const { api } = await signUp(one.url);
      const draft = await api.post('/api/audio/add-audio-draft', {
        file_name: 'cut-off.wav',
        file_size: size,
        mimetype: 'audio/wav',
      });
      expect(draft.status).toBe(201);
      const uploadUrl = draft.body.upload_url as string;
      // Below S3's part minimum: kept as the upload's `.part`, which the next PATCH downloads.
      const start = randomBytes(512 * 1024);
      expect((await tusPatch(one.url, api, uploadUrl, 0, start)).status).toBe(204);

      const cut = openTusRequest(two.url, api, 'PATCH', uploadUrl, {
        offset: start.length,
        size: 1024 * 1024,
      });
      cut.answer.catch(() => {});
      cut.request.write(randomBytes(256 * 1024));
      await waitFor('the PATCH to spool to a temporary file', async () =>
        (await readdir(spool!.dir)).length > 0 ? true : undefined,
      );
      cut.request.destroy();
      await waitFor(
        'the temporary files of the cut-off PATCH to be removed',
        async () => ((await readdir(spool!.dir)).length === 0 ? true : undefined),
        15_000,
      );
      // The upload is still whole up to what S3 kept, and resumable from there.
      const offset = await headOffset(one.url, api, uploadUrl);
      expect(offset).toBeGreaterThanOrEqual(start.length);
      expect(await readdir(spool!.dir)).toEqual([]);
    });

    test('an instance with its own generated keys refuses to start, naming the setting to share', async () => {
      const dataDir = await makeTempDir('other-keys');
      try {
        // No key settings: this instance generates key files of its own in its DATA_DIR.
        const run = startProcess('server/main.ts', {
          ...prepared.env,
          ...s3.env,
          DATA_DIR: dataDir.dir,
          PORT: '0',
          TOKEN_ENCRYPTION_KEY: '',
          PLUGIN_LICENCE_PRIVATE_KEY: '',
        });
        expect(await run.exited).toBe(1);
        expect(run.output()).toContain(
          `This instance's YouTube token key (generated in ${dataDir.dir}/secrets/token-encryption.key) differs from the one the other instances on this database use: set TOKEN_ENCRYPTION_KEY to that same key on every instance and start again.`,
        );
      } finally {
        await dataDir.remove();
      }
    });

    test('an instance given another plugin licence key refuses to start, naming PLUGIN_LICENCE_PRIVATE_KEY', async () => {
      const dataDir = await makeTempDir('other-licence-key');
      try {
        const run = startProcess('server/main.ts', {
          ...env,
          DATA_DIR: dataDir.dir,
          PORT: '0',
          PLUGIN_LICENCE_PRIVATE_KEY: generateKeyPairSync('ed25519')
            .privateKey.export({ type: 'pkcs8', format: 'pem' })
            .toString(),
        });
        expect(await run.exited).toBe(1);
        expect(run.output()).toContain(
          "This instance's plugin licence key differs from the one the other instances on this database use: set PLUGIN_LICENCE_PRIVATE_KEY to that same key on every instance and start again.",
        );
      } finally {
        await dataDir.remove();
      }
    });
  },
);
