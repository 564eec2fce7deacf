import { beforeAll, describe, expect, it } from 'vitest';
import { LINE_MAX_SHOW_SECONDS, lineAt } from '../../../../core/lyrics';
import type { LyricLine } from '../../../../core/lyrics/lyrics';
import type { Canvas2D } from '../../../../core/render/canvas-2d';
import { RENDER_FONT_SANS, renderFont } from '../../../../core/render/fonts';
import { fitText, safeArea, wrapRows } from '../../../../core/render/lyrics/layout';
import { checkLyrics } from '../../../../core/render/lyrics/lyrics-layer';
import { isRightToLeft, lineScript } from '../../../../core/render/lyrics/script';
import {
  lineIndexAt,
  sungCharacters,
  timedLines,
  timedWords,
  wordIndexAt,
} from '../../../../core/render/lyrics/timing';
import { createNodeSurface } from '../../../../server/render/canvas-host';
import { registerRenderFonts } from '../../../../server/render/fonts';

let ctx: Canvas2D;
beforeAll(() => {
  registerRenderFonts();
  ctx = createNodeSurface(100, 100).ctx;
});

const line = (text: string, start: number | null, end: number | null = null): LyricLine => ({
  text,
  startSeconds: start,
  endSeconds: end,
  words: null,
  section: 0,
});
const LONG = 'When the night comes rolling over the hills and the city lights go dim one by one';
const sans = [RENDER_FONT_SANS];

describe('safe areas', () => {
  it('keeps a vertical video clear of the platforms’ buttons', () => {
    const box = safeArea(1080, 1920);
    expect(box.y).toBeCloseTo(192);
    expect(box.x + box.width).toBeCloseTo(1080 * 0.85);
    expect(box.y + box.height).toBeCloseTo(1920 * 0.8);
  });
  it('keeps a title-safe margin on other shapes', () => {
    for (const [w, h] of [
      [1920, 1080],
      [1080, 1080],
      [1080, 1350],
    ]) {
      const box = safeArea(w!, h!);
      expect(box.x).toBeCloseTo(w! * 0.075);
      expect(box.x + box.width).toBeCloseTo(w! * 0.925);
      expect(box.y + box.height).toBeCloseTo(h! * 0.925);
    }
  });
});

describe('setting a line', () => {
  it('keeps a short line on one row at its largest size', () => {
    const set = fitText(ctx, 'Short one', {
      families: sans,
      maxSize: 96,
      minSize: 50,
      maxWidth: 1600,
      maxHeight: 500,
    });
    expect(set).toMatchObject({ size: 96, rows: [{ text: 'Short one', from: 0, to: 9 }] });
  });
  it('shrinks a line towards the minimum before it wraps', () => {
    ctx.font = renderFont(sans, 96, 700);
    const width = ctx.measureText('Rolling over the hills').width;
    const set = fitText(ctx, 'Rolling over the hills', {
      families: sans,
      maxSize: 96,
      minSize: 50,
      maxWidth: width * 0.8,
      maxHeight: 500,
    });
    expect(set.rows).toHaveLength(1);
    expect(set.size).toBeLessThan(96 * 0.8 + 1);
    expect(set.size).toBeGreaterThanOrEqual(50);
  });
  it('wraps a long line into rows that fit, never cutting a word or dropping one', () => {
    const set = fitText(ctx, LONG, {
      families: sans,
      maxSize: 96,
      minSize: 50,
      maxWidth: 900,
      maxHeight: 600,
      maxRows: 3,
    });
    expect(set.size).toBeGreaterThanOrEqual(50);
    expect(set.rows.length).toBeGreaterThan(1);
    expect(set.rows.map((r) => r.text).join(' ')).toBe(LONG);
    ctx.font = renderFont(sans, set.size, 700);
    for (const row of set.rows) {
      expect(ctx.measureText(row.text).width).toBeLessThanOrEqual(900);
      expect(LONG.slice(row.from, row.to)).toBe(row.text);
    }
  });
  it('goes below the minimum rather than past the box', () => {
    const set = fitText(ctx, LONG, {
      families: sans,
      maxSize: 96,
      minSize: 50,
      maxWidth: 300,
      maxHeight: 200,
      maxRows: 2,
    });
    expect(set.size).toBeLessThan(50);
    expect(set.size + (set.rows.length - 1) * set.lineHeight).toBeLessThanOrEqual(200);
    expect(set.rows.map((r) => r.text).join(' ')).toBe(LONG);
  });
  it('breaks Japanese between characters, and a word wider than a row within it', () => {
    ctx.font = renderFont(sans, 40, 700);
    const jp = wrapRows(ctx, '夜が来て街の灯りがひとつずつ消えていく', 200);
    expect(jp.length).toBeGreaterThan(1);
    expect(jp.map((r) => r.text).join('')).toBe('夜が来て街の灯りがひとつずつ消えていく');
    const long = wrapRows(ctx, 'Supercalifragilisticexpialidocious', 150);
    expect(long.length).toBeGreaterThan(1);
    for (const row of long) expect(ctx.measureText(row.text).width).toBeLessThanOrEqual(150);
  });
});

describe('scripts', () => {
  it.each([
    ['Hello world', 'latin', false],
    ['مرحبا بالعالم', 'arabic', true],
    ['שלום עולם', 'hebrew', true],
    ['こんにちは世界', 'japanese', false],
    ['नमस्ते दुनिया', 'devanagari', false],
    ['Love, مرحبا بالعالم 2', 'arabic', true],
  ] as const)('%s is %s', (text, script, rtl) => {
    expect(lineScript(text)).toBe(script);
    expect(isRightToLeft(lineScript(text))).toBe(rtl);
  });
});

describe('which line and word show at t', () => {
  const lyricsOf = {
    lines: [line('one', 1), line('untimed', null), line('two', 3, 4), line('three', 6)],
    language: null,
  };
  const lines = timedLines(lyricsOf.lines);
  it('ends a line at its end, else at the next start, else LINE_MAX_SHOW_SECONDS on', () => {
    expect(lines.map((l) => [l.line.text, l.start, l.end])).toEqual([
      ['one', 1, 3],
      ['two', 3, 4],
      ['three', 6, 6 + LINE_MAX_SHOW_SECONDS],
    ]);
  });
  it('shows the line whose time it is, none before, between or after', () => {
    const times = [0.99, 1, 2.99, 3, 3.99, 4, 5.9, 6, 13.99, 14];
    expect(times.map((t) => lineIndexAt(lines, t))).toEqual([-1, 0, 0, 1, 1, -1, -1, 2, 2, -1]);
    // The same rule as core's lineAt, which the caption files follow.
    expect(times.map((t) => lines[lineIndexAt(lines, t)]?.index ?? -1)).toEqual(
      times.map((t) => lineAt(lyricsOf, t)),
    );
  });
  it('spreads words without times over the line by their length', () => {
    const words = timedWords(timedLines([line('aa bbbb aa', 0, 8)])[0]!);
    expect(words.map((w) => [w.text, w.start, w.end])).toEqual([
      ['aa', 0, 2],
      ['bbbb', 2, 6],
      ['aa', 6, 8],
    ]);
    expect(wordIndexAt(words, 2.5)).toBe(1);
    expect(sungCharacters(words, 4)).toBeCloseTo(3 + 2);
  });
  it('uses word times when the line has them', () => {
    const timed = timedLines([
      {
        ...line('hey you', 10, 12),
        words: [
          { text: 'hey', startSeconds: 10, endSeconds: null },
          { text: 'you', startSeconds: 11.5, endSeconds: 11.9 },
        ],
      },
    ])[0]!;
    const words = timedWords(timed);
    expect(words.map((w) => [w.from, w.to, w.start, w.end])).toEqual([
      [0, 3, 10, 11.5],
      [4, 7, 11.5, 11.9],
    ]);
    expect(sungCharacters(words, 9)).toBe(0);
    expect(sungCharacters(words, 11.5)).toBe(4);
    expect(sungCharacters(words, 12)).toBe(7);
  });
});

describe('checking lyrics settings', () => {
  it('accepts lyrics in a known style and refuses others with a reason', () => {
    expect(checkLyrics({ lines: [line('a', 1)], style: 'karaoke' })).toBeNull();
    expect(checkLyrics({ lines: [], style: 'disco' })).toMatch(/Unknown lyric style "disco"/);
    expect(checkLyrics({ lines: [{ ...line('a', 1), startSeconds: -1 }], style: 'sheet' })).toMatch(
      /line 1/,
    );
  });
});
