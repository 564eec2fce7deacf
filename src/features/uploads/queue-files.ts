// Turns files the user picked or dropped into rows of the upload queue: checked, measured
// (the duration of audio), and refused with a reason when they cannot be uploaded.
import type { ImageType } from '../../../core/media/media-limits';
import type { UploadKind, UploadRow } from '../../db/media-tables';
import {
  audioFileProblem,
  audioMimetypeOf,
  imageFileProblem,
  imageNameOf,
  videoFileProblem,
} from './upload-checks';
import { uploadChunkBytes } from './upload-settings';

function newId(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `upload-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * A queued row for a file, or a failed one carrying the reason it cannot go. `ownerId` is the
 * signed-in user who queues it: only while the server says they are signed in does it go up.
 */
export function uploadRowFor(
  file: File,
  kind: UploadKind,
  details: {
    ownerId: string;
    durationSeconds: number | null;
    imageType: ImageType;
    now: number;
    order: number;
  },
): UploadRow {
  const problem =
    kind === 'audio'
      ? audioFileProblem(file, details.durationSeconds)
      : kind === 'video'
        ? videoFileProblem(file)
        : imageFileProblem(file);
  return {
    id: newId(),
    ownerId: details.ownerId,
    kind,
    state: problem ? 'failed' : 'queued',
    // A refused file is not kept: there is nothing to retry.
    file: problem ? null : file,
    fileName: file.name,
    fileSize: file.size,
    mimetype:
      kind === 'audio'
        ? audioMimetypeOf(file.name, file.type)
        : file.type || (kind === 'video' ? 'video/mp4' : ''),
    durationSeconds: kind === 'audio' ? details.durationSeconds : null,
    imageType: kind === 'image' ? details.imageType : null,
    imageName: kind === 'image' ? imageNameOf(file.name) : null,
    bytesSent: 0,
    percent: 0,
    speedBytesPerSecond: null,
    error: problem,
    serverId: null,
    uploadUrl: null,
    attempts: 0,
    retryAt: null,
    note: null,
    chunkBytes: uploadChunkBytes(),
    // Files picked together keep their order.
    createdAt: details.now + details.order / 1000,
    updatedAt: details.now,
  };
}

/** Rows for the picked files, reading each audio file's duration first. */
export async function uploadRowsFor(
  files: readonly File[],
  kind: UploadKind,
  options: {
    /** The signed-in user queueing the files. */
    ownerId: string;
    readDuration: (file: File) => Promise<number | null>;
    imageType?: ImageType;
    now: number;
  },
): Promise<UploadRow[]> {
  return Promise.all(
    files.map(async (file, order) =>
      uploadRowFor(file, kind, {
        ownerId: options.ownerId,
        durationSeconds: kind === 'audio' ? await options.readDuration(file) : null,
        imageType: options.imageType ?? 'background',
        now: options.now,
        order,
      }),
    ),
  );
}
