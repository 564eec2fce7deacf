// What the browser checks before queueing a file: the limits of core/media, the accepted kinds,
// and whether a completed track already matches (spec 5). The server checks all of it again; the
// content decides there, not the name.
import { ACCEPTED_AUDIO, ACCEPTED_VIDEO, MEDIA_LIMITS } from '../../../core/media/media-limits';
import { uploadMatches, type UploadCandidate } from '../../../core/media/upload-matching';
import type { LibraryAudio } from '../../api/media';

const MB = 1024 * 1024;

export const UPLOAD_MESSAGES = {
  emptyFile: 'This file is empty.',
  audioTooLarge: `Audio files can be up to ${MEDIA_LIMITS.audioMaxBytes / MB} MB.`,
  audioTooLong: `Audio can be up to ${MEDIA_LIMITS.audioMaxSeconds / 3600} hours long.`,
  notAudio: `This file is not audio we can use: upload ${ACCEPTED_AUDIO.map((kind) => kind.label)
    .filter((label, i, all) => all.indexOf(label) === i)
    .join(', ')
    .replace(/, ([^,]*)$/, ' or $1')}.`,
  imageTooLarge: `Images can be up to ${MEDIA_LIMITS.imageMaxBytes / MB} MB.`,
  notImage: 'This file is not a picture we can use: upload a JPEG, PNG, WebP or GIF image.',
  alreadyInLibrary: 'Already in your library: nothing to upload.',
  videoTooLarge: `Videos can be up to ${MEDIA_LIMITS.videoMaxBytes / MB} MB.`,
  notVideo: 'This file is not a video we can use (MP4, MOV or WebM).',
} as const;

/** File extensions of the accepted audio kinds, with the mimetype the server probes them as. */
const AUDIO_EXTENSIONS: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  wave: 'audio/wav',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  aac: 'audio/mp4',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  webm: 'audio/ogg',
  aif: 'audio/aiff',
  aiff: 'audio/aiff',
};

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'gif'];

/** The `accept` attribute of the audio and image pickers. */
export const AUDIO_ACCEPT = [
  'audio/*',
  ...Object.keys(AUDIO_EXTENSIONS).map((ext) => `.${ext}`),
].join(',');
export const IMAGE_ACCEPT = [...IMAGE_TYPES, ...IMAGE_EXTENSIONS.map((ext) => `.${ext}`)].join(',');

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot === -1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * The mimetype the server will record for this audio file once probed, so a draft can match a
 * completed track (browsers name some kinds differently, e.g. audio/x-m4a).
 */
export function audioMimetypeOf(fileName: string, browserType: string): string {
  return AUDIO_EXTENSIONS[extensionOf(fileName)] ?? (browserType || 'application/octet-stream');
}

export interface PickedFile {
  name: string;
  size: number;
  type: string;
}

export function looksLikeAudio(file: PickedFile): boolean {
  return file.type.startsWith('audio/') || extensionOf(file.name) in AUDIO_EXTENSIONS;
}

export function looksLikeImage(file: PickedFile): boolean {
  return IMAGE_TYPES.includes(file.type) || IMAGE_EXTENSIONS.includes(extensionOf(file.name));
}

/** Why this audio file cannot be uploaded, or null when it may be. */
export function audioFileProblem(file: PickedFile, durationSeconds: number | null): string | null {
  if (!looksLikeAudio(file)) return UPLOAD_MESSAGES.notAudio;
  if (file.size === 0) return UPLOAD_MESSAGES.emptyFile;
  if (file.size > MEDIA_LIMITS.audioMaxBytes) return UPLOAD_MESSAGES.audioTooLarge;
  if (durationSeconds !== null && durationSeconds > MEDIA_LIMITS.audioMaxSeconds) {
    return UPLOAD_MESSAGES.audioTooLong;
  }
  return null;
}

/** Why this image cannot be uploaded, or null when it may be. */
export function imageFileProblem(file: PickedFile): string | null {
  if (!looksLikeImage(file)) return UPLOAD_MESSAGES.notImage;
  if (file.size === 0) return UPLOAD_MESSAGES.emptyFile;
  if (file.size > MEDIA_LIMITS.imageMaxBytes) return UPLOAD_MESSAGES.imageTooLarge;
  return null;
}

/** Why this clip cannot be uploaded, or null when it may be (the server probes it after). */
export function videoFileProblem(file: PickedFile): string | null {
  const extension = extensionOf(file.name);
  const known = ACCEPTED_VIDEO.some(
    (kind) =>
      (kind.extensions as readonly string[]).includes(extension) || kind.mimetype === file.type,
  );
  if (!known) return UPLOAD_MESSAGES.notVideo;
  if (file.size === 0) return UPLOAD_MESSAGES.emptyFile;
  if (file.size > MEDIA_LIMITS.videoMaxBytes) return UPLOAD_MESSAGES.videoTooLarge;
  return null;
}

/** The image's name in the library: its file name without the extension, as the server does. */
export function imageNameOf(fileName: string): string {
  return fileName.replace(/\.[^.]*$/, '').trim() || 'Untitled image';
}

/** A completed track of the library that this upload matches (spec 5), if any. */
export function matchingTrack(
  upload: UploadCandidate,
  audios: readonly LibraryAudio[],
): LibraryAudio | null {
  return (
    audios.find(
      (audio) =>
        audio.core_processing_status === 'COMPLETE' &&
        uploadMatches(upload, {
          fileName: audio.file_name,
          mimetype: audio.mimetype,
          fileSize: audio.file_size,
          durationSeconds: audio.duration_seconds,
        }),
    ) ?? null
  );
}
