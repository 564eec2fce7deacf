// The timing editor's state as a reducer: the lines, which line the next tap times, which line
// the arrows move, the word pass, and the steps undo goes back through.
import type { LyricLine } from '../../../core/lyrics/lyrics';
import {
  moveLine,
  NUDGE_SECONDS,
  nudgeLine,
  snapLines,
  tapLine,
  tapWord,
  wordsOf,
} from './line-timing';
import { mergePastedText } from './pasted-text';

/** How many steps undo keeps. */
export const UNDO_STEPS = 100;
/** Rehearsal goes back this many lines before the next one to tap. */
export const REHEARSAL_LINES = 3;

export type TapMode = 'lines' | 'words';

export interface EditorState {
  lines: LyricLine[];
  /** The line the next tap times (lines.length when every line is tapped). */
  cursor: number;
  /** The line the arrow keys and the waveform's keyboard move; null for none. */
  selected: number | null;
  mode: TapMode;
  /** In the word pass: the word the next tap times. */
  wordCursor: { line: number; word: number };
  /**
   * The lines being played again before the cursor's line (1 a few lines back, so the tap comes
   * in time), while the rehearsal lasts; null when none is.
   */
  rehearsal: { first: number; last: number } | null;
  /** Earlier steps, newest last, for undo. */
  past: EditorStep[];
}

/** What undo brings back. */
export interface EditorStep {
  lines: LyricLine[];
  cursor: number;
  wordCursor: { line: number; word: number };
}

export type EditorAction =
  /** Lines from this device or the server replace the editor's (no undo step). */
  | { type: 'load'; lines: LyricLine[] }
  | { type: 'paste'; text: string }
  /** Lines read from a file (LRC, SRT, WebVTT or text): they replace the lines, undoably. */
  | { type: 'import'; lines: LyricLine[] }
  | { type: 'tap'; seconds: number }
  | { type: 'nudge'; index?: number; by: number }
  /** A drag: `start` records the undo step once, the moves that follow do not. */
  | { type: 'drag-start' }
  | { type: 'drag'; index: number; seconds: number }
  | { type: 'snap'; beats: readonly number[] }
  | { type: 'select'; index: number | null }
  /** Plays the lines before the cursor again; the cursor stays on the line after them. */
  | { type: 'rehearse' }
  | { type: 'rehearsal-end' }
  | { type: 'mode'; mode: TapMode }
  | { type: 'undo' };

export function initialEditorState(lines: LyricLine[] = []): EditorState {
  return {
    lines,
    cursor: firstUntimed(lines),
    selected: null,
    mode: 'lines',
    wordCursor: { line: firstTimed(lines), word: 0 },
    rehearsal: null,
    past: [],
  };
}

function firstUntimed(lines: readonly LyricLine[]): number {
  const i = lines.findIndex((line) => line.startSeconds === null);
  return i === -1 ? lines.length : i;
}

/** The first line after line i that has no time yet (lines.length when there is none). */
function nextUntimed(lines: readonly LyricLine[], i: number): number {
  for (let j = i + 1; j < lines.length; j++) if (lines[j]!.startSeconds === null) return j;
  return lines.length;
}

function firstTimed(lines: readonly LyricLine[], from = 0): number {
  for (let i = from; i < lines.length; i++) if (lines[i]!.startSeconds !== null) return i;
  return lines.length;
}

/** The state with new lines and the old ones kept for undo. */
function edited(
  state: EditorState,
  lines: LyricLine[],
  rest: Partial<EditorState> = {},
): EditorState {
  const step: EditorStep = {
    lines: state.lines,
    cursor: state.cursor,
    wordCursor: state.wordCursor,
  };
  return { ...state, ...rest, lines, past: [...state.past, step].slice(-UNDO_STEPS) };
}

function clampIndex(index: number | null, lines: readonly LyricLine[]): number | null {
  if (index === null || lines.length === 0) return null;
  return Math.min(Math.max(0, index), lines.length - 1);
}

/** The next word to tap after word w of line i: the next word, else the next timed line's first. */
function nextWord(
  lines: readonly LyricLine[],
  i: number,
  w: number,
): { line: number; word: number } {
  if (w + 1 < wordsOf(lines[i]?.text ?? '').length) return { line: i, word: w + 1 };
  return { line: firstTimed(lines, i + 1), word: 0 };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'load':
      return { ...initialEditorState(action.lines), mode: state.mode };
    case 'paste': {
      const lines = mergePastedText(state.lines, action.text);
      return edited(state, lines, {
        cursor: firstUntimed(lines),
        selected: clampIndex(state.selected, lines),
        wordCursor: { line: firstTimed(lines), word: 0 },
        rehearsal: null,
      });
    }
    case 'import':
      return edited(state, action.lines, {
        cursor: firstUntimed(action.lines),
        selected: null,
        wordCursor: { line: firstTimed(action.lines), word: 0 },
        rehearsal: null,
      });
    case 'tap': {
      if (state.mode === 'words') {
        const { line, word } = state.wordCursor;
        if (line >= state.lines.length) return state;
        return edited(state, tapWord(state.lines, line, word, action.seconds), {
          wordCursor: nextWord(state.lines, line, word),
          selected: line,
        });
      }
      if (state.cursor >= state.lines.length) return state;
      const lines = tapLine(state.lines, state.cursor, action.seconds);
      return edited(state, lines, {
        cursor: nextUntimed(lines, state.cursor),
        selected: state.cursor,
        rehearsal: null,
      });
    }
    case 'nudge': {
      const index = action.index ?? state.selected;
      if (index === null || state.lines[index]?.startSeconds == null) return state;
      return edited(state, nudgeLine(state.lines, index, action.by), { selected: index });
    }
    case 'drag-start':
      return edited(state, state.lines);
    case 'drag':
      return {
        ...state,
        lines: moveLine(state.lines, action.index, action.seconds),
        selected: action.index,
      };
    case 'snap':
      if (action.beats.length === 0) return state;
      return edited(state, snapLines(state.lines, action.beats));
    case 'select':
      return { ...state, selected: clampIndex(action.index, state.lines) };
    case 'rehearse': {
      const { line } = rehearsalStart(state);
      const last = Math.min(state.cursor, state.lines.length) - 1;
      return { ...state, rehearsal: last < line ? null : { first: line, last } };
    }
    case 'rehearsal-end':
      return state.rehearsal ? { ...state, rehearsal: null } : state;
    case 'mode':
      return {
        ...state,
        mode: action.mode,
        wordCursor: { line: firstTimed(state.lines, state.selected ?? 0), word: 0 },
      };
    case 'undo': {
      const step = state.past.at(-1);
      if (!step) return state;
      return {
        ...state,
        ...step,
        past: state.past.slice(0, -1),
        selected: clampIndex(state.selected, step.lines),
        rehearsal: null,
      };
    }
  }
}

/**
 * Where rehearsal starts: a few lines before the next one to tap (the cursor, which stays where
 * it is), and the moment to play from.
 */
export function rehearsalStart(state: EditorState): { line: number; seconds: number } {
  let line = Math.max(0, Math.min(state.cursor, state.lines.length) - REHEARSAL_LINES);
  while (line > 0 && state.lines[line]!.startSeconds === null) line--;
  const start = state.lines[line]?.startSeconds ?? 0;
  return { line, seconds: Math.max(0, start - 1) };
}

export { NUDGE_SECONDS };
