import { describe, expect, it } from 'vitest';
import type { LyricLine } from '../../../../core/lyrics/lyrics';
import {
  editorReducer,
  initialEditorState,
  rehearsalStart,
  type EditorState,
} from '../../../../src/features/lyrics-editor/editor-state';
import {
  moveLine,
  nudgeLine,
  snapLines,
  tapLine,
  tapWord,
} from '../../../../src/features/lyrics-editor/line-timing';
import {
  linesFromText,
  mergePastedText,
  pastedTextProblem,
  textFromLines,
} from '../../../../src/features/lyrics-editor/pasted-text';

const line = (text: string, start: number | null, section = 0): LyricLine => ({
  text,
  startSeconds: start,
  endSeconds: null,
  words: null,
  section,
});
const starts = (lines: readonly LyricLine[]) => lines.map((l) => l.startSeconds);

describe('pasted text', () => {
  it('makes one untimed line per line, a new section after blank lines', () => {
    const lines = linesFromText('  Hello there \r\nSecond line\n\n\nChorus one\nChorus two\n\n');
    expect(lines.map((l) => [l.text, l.section])).toEqual([
      ['Hello there', 0],
      ['Second line', 0],
      ['Chorus one', 1],
      ['Chorus two', 1],
    ]);
    expect(starts(lines)).toEqual([null, null, null, null]);
    expect(linesFromText('\n\nFirst')[0]!.section).toBe(0);
    expect(textFromLines(lines)).toBe('Hello there\nSecond line\n\nChorus one\nChorus two');
  });

  it('keeps the timing of unchanged lines when pasted again', () => {
    const before = [line('a', 1), line('b', 2), line('c', 3)];
    const after = mergePastedText(before, 'a\nnew\nb\nc');
    expect(starts(after)).toEqual([1, null, 2, 3]);
  });

  it('keeps the time of a line whose text is edited', () => {
    const before = [
      { ...line('Here comes the mornin', 2), words: null },
      {
        ...line('Light on the water', 4),
        words: [
          { text: 'Light', startSeconds: 4, endSeconds: null },
          { text: 'on', startSeconds: 4.5, endSeconds: null },
          { text: 'the', startSeconds: 4.8, endSeconds: null },
          { text: 'water', startSeconds: 5, endSeconds: null },
        ],
      },
      line('Nothing to hold on', 6.5),
      line('Ever again', 8.5),
    ];
    // A typo fixed, a word changed (word times kept, as many words), a line rewritten.
    const after = mergePastedText(
      before,
      'Here comes the morning\nLight on the river\nNothing left to hold\nEver again',
    );
    expect(starts(after)).toEqual([2, 4, 6.5, 8.5]);
    expect(after[1]!.words!.map((w) => [w.text, w.startSeconds])).toEqual([
      ['Light', 4],
      ['on', 4.5],
      ['the', 4.8],
      ['river', 5],
    ]);
    // A word more: the line keeps its time, its word times go.
    const longer = mergePastedText(before, textFromLines(before).replace('water', 'deep water'));
    expect(longer[1]).toMatchObject({ startSeconds: 4, words: null });
    // An edited line next to an inserted one: the edit keeps its time, the new line has none.
    expect(
      starts(
        mergePastedText(before, 'Here comes the mornin\nNew line\nLight on the waters\nEver again'),
      ),
    ).toEqual([2, null, 4, 8.5]);
  });

  it('keeps section labels through the paste box', () => {
    const text = '[Verse 1]\nOne\nTwo\n\n[Chorus]\nThree';
    const lines = mergePastedText([], text);
    expect(lines.map((l) => [l.section, l.sectionLabel, l.text])).toEqual([
      [0, 'Verse 1', 'One'],
      [0, undefined, 'Two'],
      [1, 'Chorus', 'Three'],
    ]);
    expect(textFromLines(lines)).toBe(text);
    lines[0]!.startSeconds = 1;
    expect(mergePastedText(lines, textFromLines(lines))[0]).toMatchObject({
      startSeconds: 1,
      sectionLabel: 'Verse 1',
    });
  });

  it('names what the server would refuse', () => {
    expect(pastedTextProblem('x'.repeat(301), linesFromText('x'.repeat(301)))).toMatch(/Line 1/);
    const many = 'ok\n'.repeat(2001);
    expect(pastedTextProblem(many, linesFromText(many))).toMatch(/2000/);
    expect(pastedTextProblem('ok', linesFromText('ok'))).toBeNull();
    // Lyrics sites' section labels start a section and are not sung.
    expect(linesFromText('a\n[Chorus]\nb').map((l) => [l.text, l.section])).toEqual([
      ['a', 0],
      ['b', 1],
    ]);
  });
});

describe('line timing', () => {
  it('taps one line, between its timed neighbours, and never clears a later timing', () => {
    const lines = [line('a', 1), line('b', 5), line('c', 9)];
    expect(starts(tapLine(lines, 1, 6))).toEqual([1, 6, 9]);
    // A late tap stops at the line below, which keeps its time.
    expect(starts(tapLine(lines, 1, 10))).toEqual([1, 9, 9]);
    // Never before the line above.
    expect(starts(tapLine(lines, 1, 0.5))).toEqual([1, 1, 9]);
    // An untimed line between timed ones.
    expect(starts(tapLine([line('a', 1), line('b', null), line('c', 9)], 1, 4))).toEqual([1, 4, 9]);
  });

  it('nudges and moves a line between its neighbours, words along', () => {
    const lines = [
      line('a', 1),
      {
        ...line('b c', 5),
        words: [
          { text: 'b', startSeconds: 5, endSeconds: null },
          { text: 'c', startSeconds: 5.5, endSeconds: null },
        ],
      },
      line('d', 9),
    ];
    const nudged = nudgeLine(lines, 1, 0.05);
    expect(nudged[1]!.startSeconds).toBe(5.05);
    expect(nudged[1]!.words!.map((w) => w.startSeconds)).toEqual([5.05, 5.55]);
    expect(moveLine(lines, 1, 20)[1]!.startSeconds).toBe(9);
    expect(moveLine(lines, 1, -3)[1]!.startSeconds).toBe(1);
    expect(nudgeLine([line('x', null)], 0, 0.05)[0]!.startSeconds).toBeNull();
  });

  it('snaps starts to the nearest beat, keeping the order', () => {
    const beats = [0, 0.5, 1, 1.5, 2, 2.5];
    expect(
      starts(snapLines([line('a', 0.2), line('b', 1.3), line('c', null), line('d', 2.6)], beats)),
    ).toEqual([0, 1.5, null, 2.5]);
  });

  it('taps words in order inside their line', () => {
    let lines = [line('one two three', 2), line('next', 6)];
    lines = tapWord(lines, 0, 0, 2.1);
    expect(lines[0]!.words!.map((w) => [w.text, w.startSeconds])).toEqual([
      ['one', 2.1],
      ['two', 2.1],
      ['three', 2.1],
    ]);
    lines = tapWord(lines, 0, 1, 2.6);
    lines = tapWord(lines, 0, 2, 2.4); // early: not before the word above
    expect(lines[0]!.words!.map((w) => w.startSeconds)).toEqual([2.1, 2.6, 2.6]);
  });
});

describe('the editor reducer', () => {
  const pasted = (): EditorState =>
    editorReducer(initialEditorState(), { type: 'paste', text: 'one\ntwo\nthree\nfour\nfive' });

  it('times the lines in order as they are tapped, and undoes a tap', () => {
    let state = pasted();
    for (const t of [1, 2.5, 4]) state = editorReducer(state, { type: 'tap', seconds: t });
    expect(starts(state.lines)).toEqual([1, 2.5, 4, null, null]);
    expect(state.cursor).toBe(3);
    expect(state.selected).toBe(2);
    state = editorReducer(state, { type: 'undo' });
    expect(starts(state.lines)).toEqual([1, 2.5, null, null, null]);
    expect(state.cursor).toBe(2);
  });

  it('nudges the selected line, drags with one undo step, snaps', () => {
    let state = pasted();
    for (const t of [1, 2, 3]) state = editorReducer(state, { type: 'tap', seconds: t });
    state = editorReducer(state, { type: 'select', index: 1 });
    state = editorReducer(state, { type: 'nudge', by: -0.05 });
    expect(state.lines[1]!.startSeconds).toBe(1.95);
    state = editorReducer(state, { type: 'drag-start' });
    state = editorReducer(state, { type: 'drag', index: 1, seconds: 2.2 });
    state = editorReducer(state, { type: 'drag', index: 1, seconds: 2.4 });
    expect(state.lines[1]!.startSeconds).toBe(2.4);
    state = editorReducer(state, { type: 'undo' });
    expect(state.lines[1]!.startSeconds).toBe(1.95);
    state = editorReducer(state, { type: 'snap', beats: [0, 1, 2, 3] });
    expect(starts(state.lines)).toEqual([1, 2, 3, null, null]);
  });

  it('rehearses the last lines, then taps the line after them and nothing else', () => {
    let state = editorReducer(initialEditorState(), {
      type: 'paste',
      text: 'one\ntwo\nthree\nfour\nfive\nsix\nseven',
    });
    for (const t of [10, 12, 14, 16, 18]) state = editorReducer(state, { type: 'tap', seconds: t });
    expect(state.cursor).toBe(5);
    const before = state.lines;

    // "Rehearse last lines": lines 3–5 play again from a second before line 3.
    expect(rehearsalStart(state)).toEqual({ line: 2, seconds: 13 });
    state = editorReducer(state, { type: 'rehearse' });
    expect(state.rehearsal).toEqual({ first: 2, last: 4 });
    expect(state.cursor).toBe(5);
    expect(state.lines).toBe(before);

    // Space after line 5 has passed: line 6 is timed, lines 3–5 keep their times.
    state = editorReducer(state, { type: 'tap', seconds: 20.4 });
    expect(starts(state.lines)).toEqual([10, 12, 14, 16, 18, 20.4, null]);
    expect(state.cursor).toBe(6);
    expect(state.rehearsal).toBeNull();

    // Undo takes the tap back, and the cursor with it.
    state = editorReducer(state, { type: 'undo' });
    expect(state.lines).toBe(before);
    expect(state.cursor).toBe(5);
  });

  it('taps the next untimed line after a line that filled a gap', () => {
    let state = initialEditorState([line('a', 1), line('b', null), line('c', 9), line('d', null)]);
    expect(state.cursor).toBe(1);
    state = editorReducer(state, { type: 'tap', seconds: 4 });
    expect(starts(state.lines)).toEqual([1, 4, 9, null]);
    expect(state.cursor).toBe(3);
  });

  it('ends a rehearsal when it stops, and has none to start before the first tap', () => {
    let state = pasted();
    expect(editorReducer(state, { type: 'rehearse' }).rehearsal).toBeNull();
    for (const t of [1, 2]) state = editorReducer(state, { type: 'tap', seconds: t });
    state = editorReducer(state, { type: 'rehearse' });
    expect(state.rehearsal).toEqual({ first: 0, last: 1 });
    expect(editorReducer(state, { type: 'rehearsal-end' }).rehearsal).toBeNull();
  });

  it('taps words in a second pass', () => {
    let state = pasted();
    for (const t of [1, 2, 3, 4, 5]) state = editorReducer(state, { type: 'tap', seconds: t });
    state = editorReducer(state, { type: 'select', index: 0 });
    state = editorReducer(state, { type: 'mode', mode: 'words' });
    state = editorReducer(state, { type: 'tap', seconds: 1.1 });
    expect(state.lines[0]!.words).toEqual([{ text: 'one', startSeconds: 1.1, endSeconds: null }]);
    expect(state.wordCursor).toEqual({ line: 1, word: 0 });
  });
});
