// The clip trimmer, as the trim worker exposes it over comlink: ffmpeg.wasm (@ffmpeg/ffmpeg with
// the single-thread @ffmpeg/core, which runs without cross-origin isolation) cuts a clip to its
// loop points before upload. The core (about 32 MB) is fetched from /ffmpeg/ on first use only;
// the service worker keeps it, so trimming works offline afterwards.
import { FFmpeg } from '@ffmpeg/ffmpeg';
import { TRIM_OUTPUT_MIME, trimArgs, trimmedName } from './video-trim-args';

const CORE_URL = '/ffmpeg/ffmpeg-core.js';
const WASM_URL = '/ffmpeg/ffmpeg-core.wasm';

let ffmpeg: FFmpeg | null = null;
let loading: Promise<FFmpeg> | null = null;

function core(): Promise<FFmpeg> {
  loading ??= (async () => {
    const instance = new FFmpeg();
    await instance.load({
      coreURL: new URL(CORE_URL, self.location.origin).href,
      wasmURL: new URL(WASM_URL, self.location.origin).href,
    });
    ffmpeg = instance;
    return instance;
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export interface TrimInput {
  file: Blob;
  name: string;
  start: number;
  end: number;
  hasAudio: boolean;
}

export interface TrimResult {
  bytes: Uint8Array;
  name: string;
  mime: string;
}

export const videoTrimApi = {
  /** Fetches and starts the core ahead of the first trim. */
  async load(): Promise<void> {
    await core();
  },

  /** Cuts the clip to [start, end] seconds; onProgress gets 0..1. */
  async trim(input: TrimInput, onProgress?: (fraction: number) => void): Promise<TrimResult> {
    const instance = await core();
    const extension = /\.([a-z0-9]+)$/i.exec(input.name)?.[1] ?? 'mp4';
    const inputName = `input.${extension.toLowerCase()}`;
    const outputName = 'output.mp4';
    const report = ({ progress }: { progress: number }) =>
      onProgress?.(Math.min(1, Math.max(0, progress)));
    instance.on('progress', report);
    try {
      await instance.writeFile(inputName, new Uint8Array(await input.file.arrayBuffer()));
      const code = await instance.exec(trimArgs({ ...input, inputName, outputName }));
      if (code !== 0) throw new Error('This clip could not be trimmed: ffmpeg could not read it.');
      const data = await instance.readFile(outputName);
      if (typeof data === 'string' || data.length === 0)
        throw new Error('This clip could not be trimmed: nothing came out.');
      onProgress?.(1);
      return { bytes: data, name: trimmedName(input.name), mime: TRIM_OUTPUT_MIME };
    } finally {
      instance.off('progress', report);
      await instance.deleteFile(inputName).catch(() => undefined);
      await instance.deleteFile(outputName).catch(() => undefined);
    }
  },
};

export type VideoTrimApi = typeof videoTrimApi;
export const isTrimLoaded = () => ffmpeg !== null;
