// The media library calls of spec section 7 (Images, Audio), one function each, with the shapes
// the server answers (spec 3).
import type { ImageType } from '../../core/media/media-limits';
import { ApiError, errorFieldsOf } from './api-error';
import { api, apiRequest, csrfToken } from './client';
import { CSRF_HEADER } from './csrf';

export type ImageStatus = 'PENDING' | 'COMPLETE' | 'FAILED';
export type AudioStatus = 'PROGRESSING' | 'COMPLETE' | 'FAILED';

/** An image of the library; its files exist once status is COMPLETE. */
export interface LibraryImage {
  image_uuid: string;
  image_name: string;
  image_type: ImageType;
  /** The display copy (WebP), null until COMPLETE. */
  image_path: string | null;
  /** A 400 px square WebP, null until COMPLETE. */
  thumbnail_path: string | null;
  favorite: boolean;
  status: ImageStatus;
  error: string | null;
  width: number | null;
  height: number | null;
  mimetype: string | null;
  file_size: number | null;
  created_at: string;
}

/** An audio track of the library; its playable copy and analysis exist once COMPLETE. */
export interface LibraryAudio {
  audio_uuid: string;
  file_name: string;
  file_size: number;
  mimetype: string;
  duration_seconds: number | null;
  core_processing_status: AudioStatus;
  marketplace_processing_status: string | null;
  marketplace_asset: boolean;
  title: string | null;
  artists: string | null;
  album: string | null;
  artwork_image_uuid: string | null;
  artwork_path: string | null;
  /** AAC in MP4, served with Range support. */
  playable_path: string | null;
  /** The binary analysis file (core/audio-analysis/analysis-format.ts). */
  analysis_path: string | null;
  error: string | null;
  created_at: string;
}

export interface AudioStatusAnswer {
  audio_uuid: string;
  core_processing_status: AudioStatus;
  marketplace_processing_status: string | null;
  error: string | null;
  audio: LibraryAudio;
}

export interface ImageStatusAnswer {
  image_uuid: string;
  status: ImageStatus;
  image: LibraryImage;
}

export interface AudioDraftRequest {
  file_name: string;
  file_size: number;
  mimetype: string;
  duration_seconds: number | null;
}

/** A new draft with its tus upload, or a completed track that matches (nothing to upload). */
export type AudioDraftAnswer =
  | { audio_uuid: string; existing: false; upload_url: string; audio: null }
  | { audio_uuid: string; existing: true; upload_url: null; audio: LibraryAudio };

const IMAGES = '/api/user-workspace';
const AUDIO = '/api/audio';

// Images

export async function fetchImages(): Promise<LibraryImage[]> {
  return (await api.get<{ images: LibraryImage[] }>(`${IMAGES}/get-user-images`)).images;
}

/** Statuses of several images; images that no longer exist are left out of the answer. */
export async function fetchImageStatuses(imageUuids: string[]): Promise<ImageStatusAnswer[]> {
  const answer = await api.post<{ statuses: ImageStatusAnswer[] }>(
    `${IMAGES}/batch-compression-status`,
    { image_uuids: imageUuids },
  );
  return answer.statuses;
}

export async function changeImageInfo(
  imageUuid: string,
  name: string,
  type: ImageType,
): Promise<LibraryImage> {
  const answer = await api.put<{ image: LibraryImage }>(`${IMAGES}/change-image-info`, {
    image_uuid: imageUuid,
    new_image_name: name,
    new_image_type: type,
  });
  return answer.image;
}

export function toggleImageFavorite(
  imageUuid: string,
): Promise<{ image_uuid: string; favorite: boolean }> {
  return api.put(`${IMAGES}/toggle-image-favorite`, { image_uuid: imageUuid });
}

export function deleteImage(imageUuid: string): Promise<unknown> {
  return api.delete(`${IMAGES}/delete-user-image`, { image_uuid: imageUuid });
}

/**
 * POST add-image as multipart/form-data. 201 is a new image, 200 an identical one already in the
 * library. A page sends it with XMLHttpRequest, which reports upload progress (fetch cannot); the
 * service worker has no XMLHttpRequest and sends it with fetch, reporting the whole at the end.
 */
export async function uploadImageFile(
  file: Blob,
  fields: { fileName: string; imageName: string; imageType: ImageType },
  options: { onProgress?: (sent: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<{ image: LibraryImage; duplicate: boolean }> {
  const form = new FormData();
  form.append('image_name', fields.imageName);
  form.append('image_type', fields.imageType);
  form.append('image', file, fields.fileName);
  if (typeof XMLHttpRequest === 'undefined') {
    const answer = await apiRequest<{ image: LibraryImage; duplicate: boolean }>(
      'POST',
      `${IMAGES}/add-image`,
      { body: form, signal: options.signal },
    );
    options.onProgress?.(file.size, file.size);
    return answer;
  }
  const token = await csrfToken();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${IMAGES}/add-image`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader(CSRF_HEADER, token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    const noAnswer = (message: string) => reject(new ApiError({ status: 0, message }));
    request.onerror = () => noAnswer('Network request failed');
    request.ontimeout = () => noAnswer('The upload timed out');
    request.onabort = () => noAnswer('The upload was stopped');
    request.onload = () => {
      let body: unknown = null;
      try {
        body = request.responseText ? (JSON.parse(request.responseText) as unknown) : null;
      } catch {
        body = request.responseText;
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(body as { image: LibraryImage; duplicate: boolean });
        return;
      }
      const { exc, message } = errorFieldsOf(body);
      const retryAfter = Number(request.getResponseHeader('Retry-After'));
      reject(
        new ApiError({
          status: request.status,
          exc,
          message: message ?? `The image upload failed with ${request.status}`,
          body,
          retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
        }),
      );
    };
    if (options.signal?.aborted) {
      noAnswer('The upload was stopped');
      return;
    }
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

// Audio

export async function fetchAudios(): Promise<LibraryAudio[]> {
  return (await api.get<{ audios: LibraryAudio[] }>(`${AUDIO}/get-user-audios`)).audios;
}

/** Statuses of several tracks; tracks that no longer exist are left out of the answer. */
export async function fetchAudioStatuses(audioIds: string[]): Promise<AudioStatusAnswer[]> {
  const answer = await api.post<{ statuses: AudioStatusAnswer[] }>(
    `${AUDIO}/get-processing-status`,
    { audioIds },
  );
  return answer.statuses;
}

export function createAudioDraft(draft: AudioDraftRequest): Promise<AudioDraftAnswer> {
  return api.post<AudioDraftAnswer>(`${AUDIO}/add-audio-draft`, draft);
}

/** 409 UploadIncomplete while bytes are missing; duplicate:true answers the existing track. */
export function finalizeAudio(
  audioUuid: string,
): Promise<{ audio: LibraryAudio; duplicate: boolean }> {
  return api.post(`${AUDIO}/add-audio-finalize`, { audio_uuid: audioUuid });
}

export function abortAudioUpload(audioUuid: string): Promise<unknown> {
  return api.post(`${AUDIO}/add-audio-abort`, { audio_uuid: audioUuid });
}

export async function updateAudioMetadata(
  audioId: string,
  fields: { title: string; artists: string; album: string },
): Promise<LibraryAudio> {
  const answer = await api.post<{ audio: LibraryAudio }>(`${AUDIO}/audio-metadata-update`, {
    audioId,
    textTitle: fields.title,
    textArtists: fields.artists,
    textAlbum: fields.album,
  });
  return answer.audio;
}

/** Sets the track's artwork to one of the user's images, or removes it (null). */
export async function updateAudioArtwork(
  audioId: string,
  artworkId: string | null,
): Promise<LibraryAudio> {
  const answer = await api.post<{ audio: LibraryAudio }>(`${AUDIO}/audio-artwork-update`, {
    audioId,
    artworkId,
  });
  return answer.audio;
}

export function deleteAudio(audioId: string): Promise<unknown> {
  return api.delete(`${AUDIO}/delete-audio`, { audioId });
}

/** A file of the library (the analysis of a track) as bytes. */
export async function fetchMediaBytes(path: string, signal?: AbortSignal): Promise<ArrayBuffer> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'include', signal });
  } catch (cause) {
    throw new ApiError({
      status: 0,
      message: cause instanceof Error ? cause.message : 'Network request failed',
    });
  }
  if (!response.ok) {
    throw new ApiError({ status: response.status, message: `${path} answered ${response.status}` });
  }
  return response.arrayBuffer();
}
