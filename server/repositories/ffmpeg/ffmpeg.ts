import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import type { Binaries } from './binaries';
import { ProcessError, runProcess } from './run-process';

export interface FfmpegStatus {
  ok: boolean;
  ffmpeg: { path: string | null; version: string | null };
  /** The ffmpeg of the frame thread's raw-frame encodes (binaries.ts). */
  frameEncoder: { path: string | null; from: Binaries['frameEncoderFrom'] };
  ffprobe: { path: string | null; version: string | null };
  error?: string;
}

export class FfmpegUnavailableError extends Error {}

/** ffmpeg and ffprobe as the media pipeline uses them. */
export class Ffmpeg {
  constructor(private readonly binaries: Binaries) {}

  /** Runs both binaries with -version; never throws, so health can report what is wrong. */
  async status(): Promise<FfmpegStatus> {
    const [ffmpeg, ffprobe] = await Promise.all([
      versionOf(this.binaries.ffmpegPath),
      versionOf(this.binaries.ffprobePath),
    ]);
    const problems = [...this.binaries.problems, ffmpeg.error, ffprobe.error].filter(Boolean);
    return {
      ok: ffmpeg.version !== null && ffprobe.version !== null,
      ffmpeg: { path: this.binaries.ffmpegPath, version: ffmpeg.version },
      frameEncoder: { path: this.binaries.frameEncoderPath, from: this.binaries.frameEncoderFrom },
      ffprobe: { path: this.binaries.ffprobePath, version: ffprobe.version },
      ...(problems.length > 0 ? { error: [...new Set(problems)].join('; ') } : {}),
    };
  }

  /** Runs ffmpeg to its end; `frameEncoder` runs the frame thread's ffmpeg (binaries.ts). */
  run(
    args: string[],
    options: {
      signal?: AbortSignal;
      onStderr?: (text: string) => void;
      frameEncoder?: boolean;
    } = {},
  ) {
    const binary = options.frameEncoder
      ? (this.binaries.frameEncoderPath ?? this.require('ffmpeg'))
      : this.require('ffmpeg');
    return runProcess(binary, ['-hide_banner', '-nostdin', '-y', ...args], options);
  }

  /**
   * Runs ffmpeg with its stdout as a stream (raw PCM, frames): read it to the end, then await
   * done, which rejects with the tail of stderr when ffmpeg fails.
   */
  stream(
    args: string[],
    options: { signal?: AbortSignal } = {},
  ): { stdout: Readable; done: Promise<void> } {
    const child = spawn(this.require('ffmpeg'), ['-hide_banner', '-nostdin', '-y', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      signal: options.signal,
    });
    let stderr = '';
    child.stderr
      .setEncoding('utf8')
      .on('data', (text: string) => (stderr = (stderr + text).slice(-4000)));
    const done = new Promise<void>((resolve, reject) => {
      child.on('error', (error) =>
        reject(new ProcessError(`ffmpeg could not run: ${error.message}`, null, stderr)),
      );
      child.on('close', (code) =>
        code === 0
          ? resolve()
          : reject(new ProcessError(`ffmpeg exited with code ${code}`, code, stderr)),
      );
    });
    return { stdout: child.stdout, done };
  }

  /** ffprobe's JSON description of a file's format and streams. */
  async probe(file: string, signal?: AbortSignal): Promise<ProbeResult> {
    const { stdout } = await runProcess(
      this.require('ffprobe'),
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { signal },
    );
    return JSON.parse(stdout) as ProbeResult;
  }

  /** The first `count` packets of the first video stream (timestamps and keyframe flags). */
  async firstVideoPackets(
    file: string,
    count: number,
    signal?: AbortSignal,
  ): Promise<ProbePacket[]> {
    const { stdout } = await runProcess(
      this.require('ffprobe'),
      [
        ...['-v', 'error', '-select_streams', 'v:0', '-read_intervals', `%+#${count}`],
        ...['-show_entries', 'packet=pts_time,dts_time,duration_time,flags'],
        ...['-print_format', 'json', file],
      ],
      { signal },
    );
    return (JSON.parse(stdout) as { packets?: ProbePacket[] }).packets ?? [];
  }

  private require(name: 'ffmpeg' | 'ffprobe'): string {
    const binary = name === 'ffmpeg' ? this.binaries.ffmpegPath : this.binaries.ffprobePath;
    if (!binary) {
      throw new FfmpegUnavailableError(
        `${name} is not available (${this.binaries.problems.join('; ') || 'no binary found'}); set ${name.toUpperCase()}_PATH`,
      );
    }
    return binary;
  }
}

async function versionOf(
  binary: string | null,
): Promise<{ version: string | null; error?: string }> {
  if (!binary) return { version: null };
  try {
    const { stdout } = await runProcess(binary, ['-version']);
    const firstLine = stdout.split('\n')[0] ?? '';
    return { version: /version (\S+)/.exec(firstLine)?.[1] ?? firstLine };
  } catch (error) {
    const detail = error instanceof ProcessError ? error.message : String(error);
    return { version: null, error: `${binary}: ${detail}` };
  }
}

export interface ProbeStream {
  index: number;
  codec_type: 'video' | 'audio' | 'subtitle' | 'data' | string;
  codec_name?: string;
  profile?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  sample_rate?: string;
  channels?: number;
  bit_rate?: string;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  nb_frames?: string;
  duration?: string;
  start_time?: string;
}

/** One packet of a stream, as ffprobe -show_packets lists it. */
export interface ProbePacket {
  pts_time?: string;
  dts_time?: string;
  duration_time?: string;
  /** 'K_' for a keyframe. */
  flags?: string;
}

export interface ProbeResult {
  streams: ProbeStream[];
  format: {
    format_name: string;
    duration?: string;
    size?: string;
    bit_rate?: string;
    tags?: Record<string, string>;
  };
}
