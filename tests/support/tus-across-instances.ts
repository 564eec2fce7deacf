// An audio upload whose tus chunks go to several addresses in turn: API instances addressed
// directly (chunk i to the i-th modulo their number), or the proxy alone (its round robin
// decides). With tus on S3 and a shared lock (issue 25, part A), any instance takes any chunk;
// before that, only the instance that made the draft holds the upload, and TOPOLOGY_UPLOADS=
// one-instance sends the whole upload there, to run everything else of a topology.
import { createHash } from 'node:crypto';
import type { ApiClient } from './api-client';

export type UploadRouting = 'alternate' | 'one-instance';

/** TOPOLOGY_UPLOADS=one-instance, or the default: chunks alternate between the instances. */
export const uploadRouting = (): UploadRouting =>
  process.env.TOPOLOGY_UPLOADS === 'one-instance' ? 'one-instance' : 'alternate';

export interface SentChunk {
  target: string;
  offset: number;
  bytes: number;
  /** The HTTP status, or 0 when the connection failed. */
  status: number;
  ms: number;
}

export interface SpreadUpload {
  audioUuid: string;
  sha256: string;
  chunks: SentChunk[];
  /** Chunks that failed and were sent again (elsewhere) from the offset the upload had. */
  retries: number;
  finalize: { status: number; body: Record<string, unknown> };
  finalizeMs: number;
}

const cookieHeader = (api: ApiClient) =>
  [...api.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

async function timed<T>(call: () => Promise<T>): Promise<{ value: T | null; ms: number }> {
  const started = performance.now();
  try {
    return { value: await call(), ms: performance.now() - started };
  } catch {
    return { value: null, ms: performance.now() - started };
  }
}

/** Where the upload is, asked of `target` (tus HEAD); null when it cannot say. */
async function offsetAt(api: ApiClient, target: string, uploadUrl: string): Promise<number | null> {
  const answer = await fetch(`${target}${uploadUrl}`, {
    method: 'HEAD',
    headers: { cookie: cookieHeader(api), 'tus-resumable': '1.0.0' },
  }).catch(() => null);
  const offset = answer?.headers.get('upload-offset');
  return answer?.ok && offset !== null && offset !== undefined ? Number(offset) : null;
}

/**
 * Draft (through `api`), tus PATCHes of `chunkBytes` to `targets` in turn, finalize (through
 * `api`). A chunk that fails is sent again to the next target from the offset that one reports,
 * as the app's uploader resumes; after `maxRetries` failures the upload gives up.
 */
export async function uploadAudioSpread(
  api: ApiClient,
  data: Buffer,
  targets: string[],
  options: {
    fileName?: string;
    chunkBytes?: number;
    maxRetries?: number;
    /** Called after each chunk sent, whatever its answer (the bench kills processes mid-run). */
    onChunk?: () => void;
  } = {},
): Promise<SpreadUpload> {
  const chunkBytes = options.chunkBytes ?? 1024 * 1024;
  const maxRetries = options.maxRetries ?? 10;
  const draft = await api.post('/api/audio/add-audio-draft', {
    file_name: options.fileName ?? 'track.wav',
    file_size: data.length,
    mimetype: 'audio/wav',
    duration_seconds: null,
  });
  if (draft.status !== 201) throw new Error(`draft: ${draft.status} ${draft.raw}`);
  const uploadUrl = draft.body.upload_url as string;
  const chunks: SentChunk[] = [];
  let retries = 0;
  let offset = 0;
  let turn = 0;
  while (offset < data.length) {
    const target = targets[turn++ % targets.length]!;
    const body = data.subarray(offset, offset + chunkBytes);
    const { value: answer, ms } = await timed(() =>
      fetch(`${target}${uploadUrl}`, {
        method: 'PATCH',
        headers: {
          cookie: cookieHeader(api),
          'x-csrftoken': api.cookies.get('csrftoken') ?? '',
          'tus-resumable': '1.0.0',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(body),
      }).then(async (response) => {
        await response.body?.cancel();
        return response;
      }),
    );
    chunks.push({ target, offset, bytes: body.length, status: answer?.status ?? 0, ms });
    options.onChunk?.();
    const next = Number(answer?.headers.get('upload-offset') ?? NaN);
    if (answer?.status === 204 && next === offset + body.length) {
      offset = next;
      continue;
    }
    if (++retries > maxRetries) {
      throw new Error(
        `upload ${draft.body.audio_uuid}: chunk at ${offset} failed ${retries} times (last ${answer?.status ?? 'no answer'})`,
      );
    }
    // Resume where the upload is, as another address sees it.
    const resumeAt = await offsetAt(api, targets[turn % targets.length]!, uploadUrl);
    if (resumeAt !== null) offset = resumeAt;
  }
  const finalizeStarted = performance.now();
  const finalize = await api.post('/api/audio/add-audio-finalize', {
    audio_uuid: draft.body.audio_uuid,
  });
  const finalizeMs = performance.now() - finalizeStarted;
  return {
    audioUuid: draft.body.audio_uuid as string,
    sha256: createHash('sha256').update(data).digest('hex'),
    chunks,
    retries,
    finalize: { status: finalize.status, body: finalize.body },
    finalizeMs,
  };
}
