import { execFile } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { ApiClient } from './api-client';
import { fixture } from './fixtures';
import { uploadAudio, uploadImage, waitForAudio, waitForImage } from './media-client';
import { waitFor } from './wait-for';

const run = promisify(execFile);

let address = 0;

export interface Account {
  api: ApiClient;
  email: string;
  userUuid: string;
}

/** A new signed-in account, from its own client address (sign-ups are rate limited). */
export async function signUp(baseUrl: string): Promise<Account> {
  const api = new ApiClient(baseUrl, { 'x-forwarded-for': `198.51.100.${++address % 250}` });
  await api.hail();
  const email = `renders${Date.now()}${address}@example.com`;
  const answer = await api.post('/api/auth/sign-up', {
    email,
    password1: 'abcdef',
    password2: 'abcdef',
  });
  expect(answer.status).toBe(201);
  const userUuid = (await api.get('/api/auth/user')).body.user.user_uuid as string;
  return { api, email, userUuid };
}

/** A processed track of the user's library, uploaded from a fixture (or a file of the test's own). */
export async function trackOf(api: ApiClient, file = 'audio/intro-8s-mono.mp3'): Promise<string> {
  const { final } = await uploadAudio(api, path.isAbsolute(file) ? file : fixture(file));
  const id = final!.body.audio.audio_uuid as string;
  expect((await waitForAudio(api, id)).core_processing_status).toBe('COMPLETE');
  return id;
}

/** A processed album_art picture of the user's library, uploaded from a fixture. */
export async function imageOf(api: ApiClient, file = 'images/truchet-1000.jpg'): Promise<string> {
  const { body } = await uploadImage(api, fixture(file), { image_type: 'album_art' });
  const id = body.image.image_uuid as string;
  expect((await waitForImage(api, id)).status).toBe('COMPLETE');
  return id;
}

export type Kind = 'visualizer' | 'single-frame';

export const CREATE_PATH: Record<Kind, string> = {
  visualizer: '/api/visualizers/create-visualizer',
  'single-frame': '/api/music-videos/create-static-video',
};

/** Creates a render as the web app does; answers the HTTP answer. */
export function createRender(
  api: ApiClient,
  kind: Kind,
  audioUuid: string,
  configuration: Record<string, unknown>,
) {
  return api.post(CREATE_PATH[kind], { audio_uuid: audioUuid, configuration });
}

/** The upload_uuid of a create answer of either kind. */
export const renderIdOf = (body: {
  visualizer?: { upload_uuid: string };
  video?: { upload_uuid: string };
}) => (body.visualizer ?? body.video)!.upload_uuid;

/** One status answer of a render (visualizer: render-status; single-frame: get-render-status). */
export async function renderStatus(api: ApiClient, kind: Kind, id: string) {
  if (kind === 'visualizer')
    return (await api.post('/api/visualizers/render-status', { upload_uuid: id })).body;
  return (await api.post('/api/music-videos/get-render-status', { upload_uuid: id })).body;
}

const finished = (kind: Kind, status: Record<string, unknown>) =>
  kind === 'visualizer'
    ? status.status === 'COMPLETE' || status.status === 'FAILED' || status.status === 'NotFound'
    : status.render_status !== 'RENDERING';

/**
 * Polls the render's status every 100 ms until it ends; answers the last status and every
 * status seen on the way (to check progress was reported).
 */
export async function waitForRender(api: ApiClient, kind: Kind, id: string, timeoutMs = 120_000) {
  // Polling answers have loose shapes; tests assert on their fields.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const seen: any[] = [];
  const last = await waitFor(
    `render ${id} to finish`,
    async () => {
      const status = await renderStatus(api, kind, id);
      seen.push(status);
      return finished(kind, status) ? status : undefined;
    },
    timeoutMs,
    100,
  );
  return { last, seen };
}

/** GET with the client's cookies; answers status, headers and body bytes. */
export async function fetchBytes(
  api: ApiClient,
  url: string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${api.baseUrl}${url}`, {
    headers: { cookie: [...api.cookies].map(([n, v]) => `${n}=${v}`).join('; '), ...headers },
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** Writes bytes to a file in dir and answers its path (for ffprobe). */
export async function saveTo(dir: string, name: string, bytes: Buffer): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}

/** Running ffmpeg processes whose command line names the render (its temp folder does). */
export async function ffmpegProcessesOf(renderId: string): Promise<string[]> {
  const { stdout } = await run('ps', ['-eo', 'pid,args', '--no-headers']);
  return stdout
    .split('\n')
    .filter((line) => /ffmpeg/.test(line) && line.includes(renderId) && !/\bps\b/.test(line));
}

/** Temp folders a render's attempts left in a tmp dir. */
export async function renderTempDirs(tmpDir: string, renderId: string): Promise<string[]> {
  return (await readdir(tmpDir).catch(() => [] as string[])).filter((name) =>
    name.startsWith(`render-${renderId}`),
  );
}

/** A mail's Subject header, unfolded and with RFC 2047 encoded words (Q and B) decoded. */
export function mailSubject(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return header
    .replace(/\?=\r?\n[ \t]+=\?/g, '?==?')
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9a-f]{2})/gi, (__, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}
