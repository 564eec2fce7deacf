// Tempo and frequency arithmetic for the free tools (BPM to milliseconds, hertz to milliseconds).

/** Note values from the whole note down to the thirty-second note. */
export const NOTE_VALUES = [
  'whole',
  'half',
  'quarter',
  'eighth',
  'sixteenth',
  'thirty-second',
] as const;

export type NoteValue = (typeof NOTE_VALUES)[number];

/** Length of each note value in quarter-note beats. */
const BEATS_PER_NOTE: Record<NoteValue, number> = {
  whole: 4,
  half: 2,
  quarter: 1,
  eighth: 0.5,
  sixteenth: 0.25,
  'thirty-second': 0.125,
};

/** Durations of one note value at a tempo, in milliseconds. */
export interface NoteDuration {
  note: NoteValue;
  /** Plain note. */
  straight: number;
  /** Dotted note: one and a half times as long. */
  dotted: number;
  /** Triplet note: three fit in the time of two. */
  triplet: number;
}

/** Rows of the hertz tool: the period of a frequency and its parts, in milliseconds. */
export interface PeriodBreakdown {
  hertz: number;
  periodMs: number;
  halfPeriodMs: number;
  quarterPeriodMs: number;
  /** The tempo whose quarter note lasts one period. */
  equivalentBpm: number;
}

function assertPositive(value: number, name: string): void {
  if (!Number.isFinite(value) || value <= 0) {
    throw new RangeError(`${name} must be a positive number`);
  }
}

/** Milliseconds of one quarter-note beat at a tempo in beats per minute. */
export function beatMs(bpm: number): number {
  assertPositive(bpm, 'BPM');
  return 60_000 / bpm;
}

/** Milliseconds of every note value (plain, dotted, triplet) at a tempo in beats per minute. */
export function noteDurations(bpm: number): NoteDuration[] {
  const beat = beatMs(bpm);
  return NOTE_VALUES.map((note) => {
    const straight = beat * BEATS_PER_NOTE[note];
    return { note, straight, dotted: straight * 1.5, triplet: (straight * 2) / 3 };
  });
}

/** Period in milliseconds of a frequency in hertz. */
export function hertzToMs(hertz: number): number {
  assertPositive(hertz, 'Frequency');
  return 1000 / hertz;
}

/** Frequency in hertz whose period lasts the given milliseconds. */
export function msToHertz(ms: number): number {
  assertPositive(ms, 'Duration');
  return 1000 / ms;
}

/** The period of a frequency, its half and quarter, and the tempo with that beat length. */
export function periodBreakdown(hertz: number): PeriodBreakdown {
  const periodMs = hertzToMs(hertz);
  return {
    hertz,
    periodMs,
    halfPeriodMs: periodMs / 2,
    quarterPeriodMs: periodMs / 4,
    equivalentBpm: hertz * 60,
  };
}

/** The frequency whose period lasts `ms`, and the tempo whose beat lasts that long. */
export function durationBreakdown(ms: number): {
  ms: number;
  hertz: number;
  equivalentBpm: number;
} {
  const hertz = msToHertz(ms);
  return { ms, hertz, equivalentBpm: hertz * 60 };
}

/** Rounds a result for display, keeping up to `digits` decimals without trailing zeros. */
export function roundForDisplay(value: number, digits = 3): string {
  const factor = 10 ** digits;
  return String(Math.round(value * factor) / factor);
}
