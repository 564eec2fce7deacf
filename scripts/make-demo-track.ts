// `npx tsx scripts/make-demo-track.ts`: makes the galleries' demo track and its analysis.
//
// An original 24-second loop at 120 BPM (A minor: Am F C G), synthesised sample by sample here:
// four-on-the-floor kick, snare on 2 and 4, eighth hats with open offbeats, an octave bass, a
// side-chained chord pad and a plucked arpeggio, with a breakdown bar so quiet and loud passages
// differ. ffmpeg encodes it to AAC in MP4 (public/demo/demo-track.m4a); the encoded file is then
// decoded back to 44.1 kHz mono, as the server's audio processing does, and analysed with core's
// analyzer into public/demo/demo-track.wfa (WFA1), so the gallery reacts exactly as a render would.
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { encodeFrames, encodeHeader } from '../core/audio-analysis/analysis-format';
import { createAudioAnalyzer, DEFAULT_ANALYZER_OPTIONS } from '../core/audio-analysis/analyzer';
import { seededRandom } from '../core/render/random';

const OUT_DIR = path.resolve(import.meta.dirname, '../public/demo');
const RATE = 44_100;
const BPM = 120;
const BEAT = 60 / BPM;
const BAR = 4 * BEAT;
const BARS = 12;
const DURATION = BARS * BAR;
/** Bars (0-based) without drums: the breakdown. */
const BREAKDOWN = new Set([8]);

/** MIDI note to Hz. */
const hz = (note: number) => 440 * 2 ** ((note - 69) / 12);

/** Chords per bar, as MIDI notes (root first): Am F C G, twice... */
const PROGRESSION = [
  [57, 60, 64], // A minor
  [53, 57, 60], // F major
  [48, 52, 55], // C major
  [55, 59, 62], // G major
];

function synthesise(): { left: Float32Array; right: Float32Array } {
  const length = Math.round(DURATION * RATE);
  const left = new Float32Array(length);
  const right = new Float32Array(length);
  const random = seededRandom(2024);
  const noise = new Float32Array(length);
  for (let i = 0; i < length; i++) noise[i] = random() * 2 - 1;

  const add = (i: number, value: number, pan = 0) => {
    if (i < 0 || i >= length) return;
    left[i]! += value * (1 - Math.max(0, pan));
    right[i]! += value * (1 + Math.min(0, pan));
  };

  // Side-chain envelope: everything but the drums ducks under each kick.
  const duck = (t: number, bar: number) => {
    if (BREAKDOWN.has(bar)) return 1;
    const sinceBeat = t % BEAT;
    return 1 - 0.55 * Math.exp(-sinceBeat / 0.09);
  };

  for (let bar = 0; bar < BARS; bar++) {
    const barStart = bar * BAR;
    const chord = PROGRESSION[bar % PROGRESSION.length]!;
    const drums = !BREAKDOWN.has(bar);
    const intro = bar < 1;

    for (let beat = 0; beat < 4; beat++) {
      const beatStart = barStart + beat * BEAT;
      // Kick: a sine falling from 140 Hz to 48 Hz with a click.
      if (drums && !intro) {
        const start = Math.round(beatStart * RATE);
        let phase = 0;
        for (let n = 0; n < 0.45 * RATE; n++) {
          const t = n / RATE;
          const f = 48 + 92 * Math.exp(-t / 0.035);
          phase += (2 * Math.PI * f) / RATE;
          const env = Math.exp(-t / 0.16);
          add(start + n, 0.9 * env * Math.sin(phase) + (n < 40 ? 0.2 * noise[n]! : 0));
        }
      }
      // Snare on 2 and 4: a 185 Hz body and bright noise.
      if (drums && !intro && (beat === 1 || beat === 3)) {
        const start = Math.round(beatStart * RATE);
        let previous = 0;
        for (let n = 0; n < 0.3 * RATE; n++) {
          const t = n / RATE;
          const body = Math.sin(2 * Math.PI * 185 * t) * Math.exp(-t / 0.05);
          const raw = noise[(start + n) % length]!;
          const bright = raw - previous;
          previous = raw;
          add(start + n, 0.35 * body + 0.32 * bright * Math.exp(-t / 0.09), 0.1);
        }
      }
      // Hats on every eighth; the offbeat ones open.
      for (let eighth = 0; eighth < 2; eighth++) {
        if (!drums && bar !== 0) continue;
        const start = Math.round((beatStart + eighth * (BEAT / 2)) * RATE);
        const decay = eighth === 1 ? 0.07 : 0.022;
        const level = eighth === 1 ? 0.16 : 0.11;
        let previous = 0;
        for (let n = 0; n < decay * 6 * RATE; n++) {
          const raw = noise[(start * 7 + n * 3) % length]!;
          const high = raw - previous;
          previous = raw;
          add(start + n, level * high * Math.exp(-n / RATE / decay), -0.35);
        }
      }
    }

    // Bass: root an octave below the chord, eighth notes jumping an octave on the offbeats.
    for (let eighth = 0; eighth < 8; eighth++) {
      if (intro) break;
      const start = Math.round((barStart + eighth * (BEAT / 2)) * RATE);
      const f = hz(chord[0]! - 24 + (eighth % 2 === 1 ? 12 : 0));
      const noteLength = Math.round((BEAT / 2) * 0.9 * RATE);
      for (let n = 0; n < noteLength; n++) {
        const t = n / RATE;
        const env =
          Math.min(1, t / 0.005) * Math.exp(-t / 0.25) * Math.min(1, (noteLength - n) / 200);
        // Three harmonics: a rounded saw.
        const p = 2 * Math.PI * f * t;
        const wave = Math.sin(p) + 0.45 * Math.sin(2 * p) + 0.2 * Math.sin(3 * p);
        add(start + n, 0.28 * env * wave * duck(start / RATE + t, bar));
      }
    }

    // Pad: the chord on detuned triangles, swelling over the bar.
    const padStart = Math.round(barStart * RATE);
    const padLength = Math.round(BAR * RATE);
    for (let n = 0; n < padLength; n++) {
      const t = n / RATE;
      const env = Math.min(1, t / 0.25) * Math.min(1, (padLength - n) / (0.05 * RATE));
      let sample = 0;
      for (const note of chord) {
        for (const detune of [-0.12, 0.12]) {
          const f = hz(note + detune);
          const x = (f * (barStart + t)) % 1;
          sample += 4 * Math.abs(x - 0.5) - 1;
        }
      }
      const level = BREAKDOWN.has(bar) ? 0.06 : 0.045;
      const value = level * env * sample * duck(barStart + t, bar);
      add(padStart + n, value * 0.9, 0.25);
      add(padStart + n, value * 0.1, -0.25);
    }

    // Arpeggio in sixteenths from the second half on: plucked sines two octaves up.
    if (bar >= 4) {
      for (let step = 0; step < 16; step++) {
        const note = chord[step % 3]! + 12 + (step % 8 >= 6 ? 12 : 0);
        const start = Math.round((barStart + step * (BEAT / 4)) * RATE);
        const f = hz(note);
        for (let n = 0; n < 0.2 * RATE; n++) {
          const t = n / RATE;
          const env = Math.min(1, t / 0.002) * Math.exp(-t / 0.07);
          const p = 2 * Math.PI * f * t;
          add(start + n, 0.07 * env * (Math.sin(p) + 0.3 * Math.sin(3 * p)), step % 2 ? 0.4 : -0.4);
        }
      }
    }
  }

  // A gentle limiter so the loudest moments stay below full scale.
  let peak = 0;
  for (let i = 0; i < length; i++) peak = Math.max(peak, Math.abs(left[i]!), Math.abs(right[i]!));
  const gain = 0.89 / peak;
  for (let i = 0; i < length; i++) {
    left[i] = Math.tanh(left[i]! * gain * 1.1) / Math.tanh(1.1);
    right[i] = Math.tanh(right[i]! * gain * 1.1) / Math.tanh(1.1);
  }
  return { left, right };
}

function run(args: string[], input?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegInstaller.path, ['-hide_banner', '-loglevel', 'error', ...args]);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(Buffer.concat(out))
        : reject(new Error(`ffmpeg exited ${code}: ${Buffer.concat(err).toString()}`)),
    );
    child.stdin.end(input);
  });
}

async function main(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  const { left, right } = synthesise();
  const interleaved = new Float32Array(left.length * 2);
  for (let i = 0; i < left.length; i++) {
    interleaved[2 * i] = left[i]!;
    interleaved[2 * i + 1] = right[i]!;
  }
  const m4a = path.join(OUT_DIR, 'demo-track.m4a');
  await run(
    [
      ...['-f', 'f32le', '-ar', String(RATE), '-ac', '2', '-i', 'pipe:0'],
      ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-map_metadata', '-1'],
      ...['-metadata', 'title=Waveframe Demo Loop', '-y', m4a],
    ],
    Buffer.from(interleaved.buffer),
  );

  // Analyse what a visitor hears: the encoded file, decoded as the server decodes uploads.
  const pcm = await run(['-i', m4a, '-ac', '1', '-ar', String(RATE), '-f', 'f32le', 'pipe:1']);
  const samples = new Float32Array(pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + pcm.length));
  const analyzer = createAudioAnalyzer();
  const bands = DEFAULT_ANALYZER_OPTIONS.bandCount;
  const body = [encodeFrames(analyzer.push(samples), bands)];
  const { frames, summary } = analyzer.finish();
  body.push(encodeFrames(frames, bands));
  const wfa = path.join(OUT_DIR, 'demo-track.wfa');
  await writeFile(wfa, Buffer.concat([encodeHeader(summary), ...body]));
  console.log(
    `demo track: ${summary.durationSeconds.toFixed(2)} s, bpm ${summary.bpm}, ` +
      `${summary.beatFrames.length} beats, ${summary.onsets.length} onsets -> ${m4a}, ${wfa}`,
  );
}

await main();
