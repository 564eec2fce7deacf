// The page's side of clip trimming: reads a clip's length and size with a <video> element, and
// cuts it to its loop points with ffmpeg.wasm in the trim worker (workers/video-trim.worker.ts,
// comlink), started on first use.
import { proxy } from 'comlink';
import type { VideoTrimApi } from '../../workers/video-trim-api';
import { createComlinkWorker, type WorkerHandle } from './comlink-worker';

export const CLIP_MESSAGES = {
  unreadable: 'This file is not a video we can read.',
} as const;

let worker: WorkerHandle<VideoTrimApi> | null = null;

function trimWorker(): WorkerHandle<VideoTrimApi> {
  worker ??= createComlinkWorker<VideoTrimApi>(
    () =>
      new Worker(new URL('../../workers/video-trim.worker.ts', import.meta.url), {
        type: 'module',
        name: 'video-trim',
      }),
  );
  return worker;
}

export interface ClipInfo {
  duration: number;
  width: number;
  height: number;
  /** Whether the browser hears sound in it (then the trim keeps it). */
  hasAudio: boolean;
}

/** What the browser reads of a clip before upload; rejects with a message for people. */
export function probeClipInBrowser(file: Blob): Promise<ClipInfo> {
  return new Promise((resolve, reject) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const done = () => {
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
    };
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => {
      const info = {
        duration: video.duration,
        width: video.videoWidth,
        height: video.videoHeight,
        hasAudio: hasAudioTrack(video),
      };
      done();
      if (!Number.isFinite(info.duration) || info.duration <= 0 || info.width === 0) {
        reject(new Error(CLIP_MESSAGES.unreadable));
      } else resolve(info);
    };
    video.onerror = () => {
      done();
      reject(new Error(CLIP_MESSAGES.unreadable));
    };
    video.src = url;
  });
}

function hasAudioTrack(video: HTMLVideoElement): boolean {
  const element = video as HTMLVideoElement & {
    audioTracks?: { length: number };
    mozHasAudio?: boolean;
    webkitAudioDecodedByteCount?: number;
  };
  if (element.audioTracks) return element.audioTracks.length > 0;
  if (element.mozHasAudio !== undefined) return element.mozHasAudio;
  // Unknown: keep any sound there is ("-map 0:a:0?" takes none when there is none).
  return true;
}

/** Cuts the clip to [start, end] seconds in the trim worker; answers the new MP4 file. */
export async function trimClip(
  file: File,
  start: number,
  end: number,
  onProgress?: (fraction: number) => void,
): Promise<File> {
  const result = await trimWorker().api.trim(
    { file, name: file.name, start, end, hasAudio: true },
    onProgress ? proxy(onProgress) : undefined,
  );
  return new File([result.bytes as BlobPart], result.name, { type: result.mime });
}
