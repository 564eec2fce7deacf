// Songs with a known structure for the hook finder's tests: sections of whole bars, each playing
// some of a small band's parts (drums, bass, chord pad, lead), synthesised here as mono PCM and
// analysed by the analyzer and the WFA1 format the server uses.

import {
  decodeAnalysis,
  encodeFrames,
  encodeHeader,
  type Analysis,
} from '../../../../core/audio-analysis/analysis-format';
import { DEFAULT_ANALYZER_OPTIONS } from '../../../../core/audio-analysis/analyzer';
import { SAMPLE_RATE, analyse, seededNoise } from './signals';

/** Parts a section plays, each with its level (0 or absent: silent). */
export interface Parts {
  /** Kick on every beat ('four') or on 1 and 3 ('half'). */
  kick?: { level: number; pattern: 'four' | 'half' };
  snare?: number;
  /** Hats on eighths, or sixteenths when `busy`. */
  hats?: { level: number; busy?: boolean };
  bass?: number;
  pad?: number;
  /** A sixteenth-note arpeggio an octave above the chords. */
  lead?: number;
  /** A snare roll that speeds up (eighths, then sixteenths) and grows over the section. */
  roll?: number;
  /** A crash cymbal on the section's first beat. */
  crash?: number;
}

export interface Section {
  name: string;
  bars: number;
  parts: Parts;
  /** Chords, one per bar, cycled (MIDI notes, root first). Defaults to Am F C G. */
  chords?: number[][];
}

export const VERSE_CHORDS = [
  [57, 60, 64],
  [53, 57, 60],
  [48, 52, 55],
  [55, 59, 62],
];
export const CHORUS_CHORDS = [
  [53, 57, 60],
  [55, 59, 62],
  [57, 60, 64],
  [52, 55, 59],
];

// The parts of a pop song, from quiet to full.
export const INTRO: Parts = { pad: 0.15, hats: { level: 0.1 } };
export const VERSE: Parts = {
  kick: { level: 0.5, pattern: 'half' },
  hats: { level: 0.12 },
  bass: 0.15,
  pad: 0.1,
};
export const CHORUS: Parts = {
  kick: { level: 0.9, pattern: 'four' },
  snare: 0.6,
  hats: { level: 0.25, busy: true },
  bass: 0.3,
  pad: 0.3,
  lead: 0.2,
  crash: 0.4,
};
export const OUTRO: Parts = { pad: 0.12 };

/** A section of whole bars; a chorus plays the chorus chords. */
export const section = (name: string, bars: number, parts: Parts, chorus = false): Section => ({
  name,
  bars,
  parts,
  ...(chorus ? { chords: CHORUS_CHORDS } : {}),
});

/** Bar index (0-based) where each section starts, by position in the list. */
/**
 * A 3-minute pop song at 120 BPM (90 bars; bar i starts at 2i s): intro, verse, chorus, verse,
 * chorus, outro. The hook finder's test holds it to its chorus; its benchmark times it.
 */
export const THREE_MINUTE_POP: { sections: readonly Section[]; bpm: number } = {
  sections: [
    section('intro', 8, INTRO),
    section('verse', 16, VERSE),
    section('chorus', 16, CHORUS, true),
    section('verse', 16, VERSE),
    section('chorus', 16, CHORUS, true),
    section('outro', 18, OUTRO),
  ],
  bpm: 120,
};

export function sectionStarts(sections: readonly Section[]): number[] {
  const starts: number[] = [];
  let bar = 0;
  for (const section of sections) {
    starts.push(bar);
    bar += section.bars;
  }
  return starts;
}

const hz = (note: number): number => 440 * 2 ** ((note - 69) / 12);

/** Mono PCM of the song at `bpm`, 4/4, starting on the first bar's downbeat at 0 s. */
export function synthesiseSong(sections: readonly Section[], bpm: number, seed = 7): Float32Array {
  const beat = 60 / bpm;
  const bar = 4 * beat;
  const totalBars = sections.reduce((n, s) => n + s.bars, 0);
  const out = new Float32Array(Math.round(totalBars * bar * SAMPLE_RATE));
  const noise = seededNoise(seed);
  const shots = oneShots(noise);
  const add = (shot: Float32Array, at: number, level: number): void => {
    const start = Math.round(at * SAMPLE_RATE);
    for (let n = 0; n < shot.length && start + n < out.length; n++)
      out[start + n]! += level * shot[n]!;
  };
  const tone = (
    at: number,
    seconds: number,
    f: number,
    level: number,
    harmonics: readonly number[],
    attack: number,
    decay: number,
  ): void => {
    const start = Math.round(at * SAMPLE_RATE);
    const length = Math.round(seconds * SAMPLE_RATE);
    for (let n = 0; n < length && start + n < out.length; n++) {
      const t = n / SAMPLE_RATE;
      const env = Math.min(1, t / attack) * Math.exp(-t / decay) * Math.min(1, (length - n) / 300);
      let value = 0;
      for (let h = 0; h < harmonics.length; h++) {
        if (harmonics[h] !== 0) value += harmonics[h]! * Math.sin(2 * Math.PI * f * (h + 1) * t);
      }
      out[start + n]! += level * env * value;
    }
  };

  let barIndex = 0;
  for (const section of sections) {
    const chords = section.chords ?? VERSE_CHORDS;
    const p = section.parts;
    for (let b = 0; b < section.bars; b++, barIndex++) {
      const barStart = barIndex * bar;
      const chord = chords[b % chords.length]!;
      if (p.crash && b === 0) add(shots.crash, barStart, p.crash);
      if (p.pad)
        for (const note of chord) tone(barStart, bar, hz(note), p.pad / 3, [1, 0.3], 0.08, 4);
      for (let q = 0; q < 4; q++) {
        const at = barStart + q * beat;
        if (p.kick && (p.kick.pattern === 'four' || q % 2 === 0)) add(shots.kick, at, p.kick.level);
        if (p.snare && q % 2 === 1) add(shots.snare, at, p.snare);
        if (p.hats) {
          const steps = p.hats.busy ? 4 : 2;
          for (let k = 0; k < steps; k++) add(shots.hat, at + (k * beat) / steps, p.hats.level);
        }
        if (p.bass) {
          for (let k = 0; k < 2; k++) {
            tone(
              at + (k * beat) / 2,
              beat / 2,
              hz(chord[0]! - 24 + 12 * k),
              p.bass,
              [1, 0.45, 0.2],
              0.004,
              0.25,
            );
          }
        }
        if (p.lead) {
          for (let k = 0; k < 4; k++) {
            const note = chord[(q * 4 + k) % 3]! + 12;
            tone(
              at + (k * beat) / 4,
              beat / 4,
              hz(note),
              p.lead,
              [1, 0, 0.33, 0, 0.2],
              0.003,
              0.08,
            );
          }
        }
        if (p.roll) {
          const growth = (b * 4 + q + 1) / (section.bars * 4);
          const steps = b < section.bars / 2 ? 2 : 4;
          for (let k = 0; k < steps; k++)
            add(shots.snare, at + (k * beat) / steps, p.roll * growth);
        }
      }
    }
  }
  return out;
}

/** The stored analysis of `samples`: the analyzer's frames and summary through WFA1 bytes. */
export function analyseSong(samples: Float32Array): Analysis {
  // Pushed in 4096-sample chunks, as a decoder's stream arrives.
  const { frames, summary } = analyse(samples, {}, () => 4096);
  const header = encodeHeader(summary);
  const body = encodeFrames(frames, DEFAULT_ANALYZER_OPTIONS.bandCount);
  const bytes = new Uint8Array(header.length + body.length);
  bytes.set(header);
  bytes.set(body, header.length);
  return decodeAnalysis(bytes);
}

function oneShots(noise: () => number): Record<'kick' | 'snare' | 'hat' | 'crash', Float32Array> {
  const kick = new Float32Array(Math.round(0.35 * SAMPLE_RATE));
  let phase = 0;
  for (let n = 0; n < kick.length; n++) {
    const t = n / SAMPLE_RATE;
    phase += (2 * Math.PI * (48 + 100 * Math.exp(-t / 0.03))) / SAMPLE_RATE;
    kick[n] = 0.9 * Math.exp(-t / 0.15) * Math.sin(phase);
  }
  const bright = (seconds: number, decay: number, body = 0): Float32Array => {
    const shot = new Float32Array(Math.round(seconds * SAMPLE_RATE));
    let previous = 0;
    for (let n = 0; n < shot.length; n++) {
      const t = n / SAMPLE_RATE;
      const raw = noise();
      shot[n] =
        (raw - previous) * 0.5 * Math.exp(-t / decay) +
        body * Math.sin(2 * Math.PI * 190 * t) * Math.exp(-t / 0.05);
      previous = raw;
    }
    return shot;
  };
  return {
    kick,
    snare: bright(0.25, 0.08, 0.4),
    hat: bright(0.06, 0.015),
    crash: bright(1.6, 0.5),
  };
}
