// Analysis of a local audio file, off the page's thread: the page decodes the file to 44.1 kHz
// mono PCM and sends it in chunks (transferred, not copied); this runs core's analyzer on them
// and hands back the same WFA1 file the server stores for an uploaded track.
import { encodeFrames, encodeHeader } from '../core/audio-analysis/analysis-format';
import {
  createAudioAnalyzer,
  DEFAULT_ANALYZER_OPTIONS,
  type AudioAnalyzer,
} from '../core/audio-analysis/analyzer';

export function createAnalysisApi() {
  let analyzer: AudioAnalyzer | null = null;
  let body: Uint8Array[] = [];
  let frameCount = 0;
  const bands = DEFAULT_ANALYZER_OPTIONS.bandCount;

  return {
    /** Starts a new track (forgetting any unfinished one). */
    start(sampleRate: number = DEFAULT_ANALYZER_OPTIONS.sampleRate): void {
      analyzer = createAudioAnalyzer({ sampleRate });
      body = [];
      frameCount = 0;
    },

    /** The next samples of the track; returns the number of frames analysed so far. */
    push(samples: Float32Array): number {
      if (!analyzer) throw new Error('Call start() first');
      const frames = analyzer.push(samples);
      body.push(encodeFrames(frames, bands));
      frameCount += frames.length;
      return frameCount;
    },

    /** Ends the track: the whole WFA1 file. */
    finish(): Uint8Array {
      if (!analyzer) throw new Error('Call start() first');
      const { frames, summary } = analyzer.finish();
      body.push(encodeFrames(frames, bands));
      analyzer = null;
      const header = encodeHeader(summary);
      const size = header.length + body.reduce((sum, part) => sum + part.length, 0);
      const file = new Uint8Array(size);
      file.set(header, 0);
      let at = header.length;
      for (const part of body) {
        file.set(part, at);
        at += part.length;
      }
      body = [];
      return file;
    },
  };
}

export type AnalysisApi = ReturnType<typeof createAnalysisApi>;
