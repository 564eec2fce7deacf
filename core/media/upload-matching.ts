import { sanitizeFileName } from './file-names';

export interface UploadCandidate {
  fileName: string;
  mimetype: string;
  fileSize: number;
  durationSeconds: number | null;
}

/** Durations may differ this much (seconds) between the browser's reading and ffprobe's. */
export const MATCH_DURATION_TOLERANCE = 1;

/**
 * Spec section 5: an upload matches a completed asset when sanitised file name, mimetype and
 * size are equal and the durations differ by at most 1 second.
 */
export function uploadMatches(upload: UploadCandidate, existing: UploadCandidate): boolean {
  if (upload.durationSeconds === null || existing.durationSeconds === null) return false;
  return (
    sanitizeFileName(upload.fileName) === sanitizeFileName(existing.fileName) &&
    upload.mimetype === existing.mimetype &&
    upload.fileSize === existing.fileSize &&
    Math.abs(upload.durationSeconds - existing.durationSeconds) <= MATCH_DURATION_TOLERANCE
  );
}
