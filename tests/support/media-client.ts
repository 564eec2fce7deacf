import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as tus from 'tus-js-client';
import type { ApiClient } from './api-client';
import { waitFor } from './wait-for';

/** Uploads an image file as the web app does (multipart/form-data). */
export async function uploadImage(
  api: ApiClient,
  file: string,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('image', new Blob([await readFile(file)]), path.basename(file));
  const response = await fetch(`${api.baseUrl}/api/user-workspace/add-image`, {
    method: 'POST',
    headers: {
      cookie: [...api.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      'x-csrftoken': api.cookies.get('csrftoken') ?? '',
    },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export async function waitForImage(api: ApiClient, imageUuid: string) {
  return waitFor(`image ${imageUuid} to finish`, async () => {
    const answer = await api.post('/api/user-workspace/get-compression-status', {
      image_uuid: imageUuid,
    });
    return answer.body.status === 'PENDING' ? undefined : answer.body;
  });
}

/**
 * Sends bytes to a draft's tus upload with tus-js-client, a tus client of its own (the app's
 * sender, src/api/tus-upload.ts, is tested against a tus server in the unit tests and against
 * this server end to end); stopAfter cuts the transfer off after that many bytes (the connection
 * drops), to test resuming.
 */
export function tusUpload(
  api: ApiClient,
  uploadUrl: string,
  data: Buffer,
  options: { stopAfter?: number; chunkSize?: number } = {},
) {
  return new Promise<'done' | 'stopped'>((resolve, reject) => {
    const upload: tus.Upload = new tus.Upload(data, {
      uploadUrl: `${api.baseUrl}${uploadUrl}`,
      chunkSize: options.chunkSize ?? 256 * 1024,
      retryDelays: [],
      headers: {
        cookie: [...api.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'X-CSRFToken': api.cookies.get('csrftoken') ?? '',
      },
      onProgress(sent) {
        if (options.stopAfter !== undefined && sent >= options.stopAfter) {
          void upload.abort().then(() => resolve('stopped'));
        }
      },
      onSuccess: () => resolve('done'),
      onError: reject,
    });
    upload.start();
  });
}

/** Draft, tus upload and finalize: the whole path of an audio upload. */
export async function uploadAudio(api: ApiClient, file: string, fileName = path.basename(file)) {
  const data = await readFile(file);
  const draft = await api.post('/api/audio/add-audio-draft', {
    file_name: fileName,
    file_size: data.length,
    mimetype: 'audio/mpeg',
    duration_seconds: null,
  });
  if (draft.status !== 201) return { draft, final: null };
  await tusUpload(api, draft.body.upload_url, data);
  const final = await api.post('/api/audio/add-audio-finalize', {
    audio_uuid: draft.body.audio_uuid,
  });
  return { draft, final };
}

export async function waitForAudio(api: ApiClient, audioUuid: string, timeoutMs = 90_000) {
  return waitFor(
    `audio ${audioUuid} to finish`,
    async () => {
      const answer = await api.post('/api/audio/get-processing-status', { audioIds: [audioUuid] });
      const status = answer.body.statuses?.[0];
      return status && status.core_processing_status !== 'PROGRESSING' ? status : undefined;
    },
    timeoutMs,
    250,
  );
}

/** Draft, tus upload and finalize of a clip for the video library (the same upload path). */
export async function uploadVideo(
  api: ApiClient,
  data: Buffer,
  fileName: string,
  mimetype = 'video/mp4',
) {
  const draft = await api.post('/api/videos/add-video-draft', {
    file_name: fileName,
    file_size: data.length,
    mimetype,
  });
  if (draft.status !== 201) return { draft, final: null };
  await tusUpload(api, draft.body.upload_url, data);
  const final = await api.post('/api/videos/add-video-finalize', {
    video_uuid: draft.body.video_uuid,
  });
  return { draft, final };
}

/** Polls a clip's processing until it is COMPLETE or FAILED; answers its status entry. */
export async function waitForVideo(api: ApiClient, videoUuid: string, timeoutMs = 60_000) {
  return waitFor(
    `video ${videoUuid} to be processed`,
    async () => {
      const answer = await api.post('/api/videos/processing-status', { videoIds: [videoUuid] });
      const status = answer.body.statuses?.[0];
      return status && status.processing_status !== 'PROGRESSING' ? status : undefined;
    },
    timeoutMs,
    200,
  );
}
