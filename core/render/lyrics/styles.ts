// The lyric styles: each a named look with a title and a sentence for the creator and
// `npm run render -- templates`, and how it draws the lines at a moment.

import type { Canvas2D } from '../canvas-2d';
import type { FrameFeatures } from '../features';
import { rgba } from '../templates/color';
import type { Box, FitOptions } from './layout';
import type { LyricStyleName } from './lyric-style-name';
import {
  blockHeight,
  paintRows,
  paintSung,
  textShadow,
  widestRow,
  type LyricColors,
  type PlacedText,
} from './lyric-paint';
import { sungCharacters, timedWords, wordIndexAt, type TimedLine } from './timing';

export { LYRIC_STYLE_NAMES, type LyricStyleName } from './lyric-style-name';

/**
 * What a style draws from: the lines, the moment, the frame and where the lines go (`safe`: the
 * safe area, or the part of it clear of the template's main shape).
 */
export interface LyricFrame {
  ctx: Canvas2D;
  lines: readonly TimedLine[];
  /** Position in lines of the line shown at t, or -1. */
  current: number;
  t: number;
  width: number;
  height: number;
  /** Frame size scale: 1 for a 1080-pixel shorter side. */
  u: number;
  safe: Box;
  colors: LyricColors;
  features: FrameFeatures;
  /** Sets a line's text (layouts are cached for the scene: the same text sets the same). */
  fit(text: string, options: Omit<FitOptions, 'families'>): PlacedText;
}

export interface LyricStyle {
  name: LyricStyleName;
  title: string;
  description: string;
  /** Whether the style draws anything when no line is current (between lines). */
  drawsBetweenLines: boolean;
  draw(frame: LyricFrame): void;
}

/** A line set for the style in its script's fonts (placed at cx 0, top 0). */
function place(frame: LyricFrame, text: string, options: Omit<FitOptions, 'families'>) {
  return frame.fit(text, options);
}

function at(placed: PlacedText, top: number, cx: number): PlacedText {
  return { ...placed, top, cx };
}

const centred: LyricStyle = {
  name: 'centred',
  title: 'Centred lines',
  description: 'The line being sung large in the middle, the next one dimmed below it.',
  drawsBetweenLines: false,
  draw(frame) {
    const { ctx, lines, current, safe, u, colors } = frame;
    const line = lines[current]!;
    const cx = safe.x + safe.width / 2;
    const now = place(frame, line.line.text, {
      maxSize: 96 * u,
      minSize: 54 * u,
      maxWidth: safe.width * 0.92,
      maxHeight: safe.height * 0.5,
      maxRows: 3,
    });
    const nowTop = safe.y + safe.height / 2 - blockHeight(now.set) / 2;
    textShadow(ctx, u);
    ctx.fillStyle = colors.text;
    paintRows(ctx, at(now, nowTop, cx));
    const next = lines[current + 1];
    if (!next) return;
    const after = place(frame, next.line.text, {
      maxSize: 56 * u,
      minSize: 34 * u,
      maxWidth: safe.width * 0.92,
      maxHeight: safe.y + safe.height - (nowTop + blockHeight(now.set) + now.set.size * 0.5),
      maxRows: 2,
    });
    ctx.fillStyle = rgba(colors.text, 0.45);
    paintRows(ctx, at(after, nowTop + blockHeight(now.set) + now.set.size * 0.5, cx));
  },
};

const karaoke: LyricStyle = {
  name: 'karaoke',
  title: 'Karaoke',
  description: 'The line fills in colour word by word as it is sung, the next line below it.',
  drawsBetweenLines: false,
  draw(frame) {
    const { ctx, lines, current, safe, u, colors, t } = frame;
    const line = lines[current]!;
    const cx = safe.x + safe.width / 2;
    const set = place(frame, line.line.text, {
      maxSize: 92 * u,
      minSize: 52 * u,
      maxWidth: safe.width * 0.92,
      maxHeight: safe.height * 0.45,
      maxRows: 3,
    });
    const placed = at(set, safe.y + safe.height * 0.55 - blockHeight(set.set), cx);
    textShadow(ctx, u);
    ctx.fillStyle = rgba(colors.text, 0.55);
    paintRows(ctx, placed);
    ctx.shadowColor = 'rgba(0,0,0,0)';
    paintSung(ctx, placed, sungCharacters(timedWords(line), t), colors.accent);
    const next = lines[current + 1];
    if (!next) return;
    textShadow(ctx, u);
    const top = placed.top + blockHeight(set.set) + set.set.size * 0.6;
    const after = place(frame, next.line.text, {
      maxSize: 54 * u,
      minSize: 34 * u,
      maxWidth: safe.width * 0.92,
      maxHeight: safe.y + safe.height - top,
      maxRows: 2,
    });
    ctx.fillStyle = rgba(colors.text, 0.4);
    paintRows(ctx, at(after, top, cx));
  },
};

const captions: LyricStyle = {
  name: 'captions',
  title: 'Captions',
  description: 'The line at the bottom on a dark band, as subtitles are shown.',
  drawsBetweenLines: false,
  draw(frame) {
    const { ctx, lines, current, safe, u, colors } = frame;
    const set = place(frame, lines[current]!.line.text, {
      maxSize: 60 * u,
      minSize: 40 * u,
      maxWidth: safe.width * 0.86,
      maxHeight: safe.height * 0.4,
      maxRows: 2,
    });
    const cx = safe.x + safe.width / 2;
    const padX = set.set.size * 0.5;
    const padY = set.set.size * 0.3;
    const height = blockHeight(set.set);
    const top = safe.y + safe.height - padY - height;
    const placed = at(set, top, cx);
    const width = widestRow(ctx, placed);
    ctx.fillStyle = 'rgba(0,0,0,0.62)';
    ctx.beginPath();
    ctx.roundRect(cx - width / 2 - padX, top - padY, width + 2 * padX, height + 2 * padY, 12 * u);
    ctx.fill();
    ctx.fillStyle = colors.text;
    paintRows(ctx, placed);
  },
};

const kinetic: LyricStyle = {
  name: 'kinetic',
  title: 'Kinetic words',
  description: 'One big word at a time, jumping on the beat, with the line small beneath.',
  drawsBetweenLines: false,
  draw(frame) {
    const { ctx, lines, current, safe, u, colors, t, features, height } = frame;
    const line = lines[current]!;
    const words = timedWords(line);
    const word = words[Math.max(0, wordIndexAt(words, t))];
    if (!word) return;
    const cx = safe.x + safe.width / 2;
    // Up to 15 % larger on the beat: set to fit at that size.
    const pulse = 1 + 0.15 * features.beat;
    const big = place(frame, word.text, {
      maxSize: Math.min(height * 0.22, 260 * u) / 1.15,
      minSize: 80 * u,
      maxWidth: (safe.width * 0.86) / 1.15,
      maxHeight: (safe.height * 0.55) / 1.15,
      maxRows: 2,
    });
    const mid = safe.y + safe.height * 0.45;
    textShadow(ctx, u);
    ctx.save();
    ctx.translate(cx, mid);
    ctx.scale(pulse, pulse);
    ctx.fillStyle = features.beatIndex % 2 === 0 ? colors.accent : colors.text;
    paintRows(ctx, at(big, -blockHeight(big.set) / 2, 0));
    ctx.restore();
    const small = place(frame, line.line.text, {
      maxSize: 44 * u,
      minSize: 30 * u,
      maxWidth: safe.width * 0.9,
      maxHeight: safe.height * 0.2,
      maxRows: 2,
    });
    ctx.fillStyle = rgba(colors.text, 0.6);
    paintRows(ctx, at(small, safe.y + safe.height - blockHeight(small.set), cx));
  },
};

/** Seconds the sheet takes to scroll to a new line. */
const SHEET_SCROLL_SECONDS = 0.35;

const sheet: LyricStyle = {
  name: 'sheet',
  title: 'Lyric sheet',
  description: 'The lyrics as a scrolling page, the line being sung highlighted.',
  drawsBetweenLines: true,
  draw(frame) {
    const { ctx, lines, safe, u, colors, t } = frame;
    // Between lines the sheet stays where the last line left it, with nothing highlighted.
    let focus = frame.current;
    if (focus < 0) {
      focus = lines.findLastIndex((l) => l.start <= t);
      if (focus < 0) return;
    }
    const cx = safe.x + safe.width / 2;
    const options = {
      maxSize: 58 * u,
      minSize: 40 * u,
      maxWidth: safe.width * 0.92,
      maxHeight: safe.height * 0.3,
      maxRows: 3,
    };
    // Tops of the lines around the focus, relative to the focus line's top.
    const from = Math.max(0, focus - 6);
    const to = Math.min(lines.length - 1, focus + 8);
    const placed = new Map<number, PlacedText>();
    const tops = new Map<number, number>();
    for (let i = from; i <= to; i++) placed.set(i, place(frame, lines[i]!.line.text, options));
    const gap = (i: number) => blockHeight(placed.get(i)!.set) + placed.get(i)!.set.size * 0.55;
    tops.set(focus, 0);
    for (let i = focus + 1; i <= to; i++) tops.set(i, tops.get(i - 1)! + gap(i - 1));
    for (let i = focus - 1; i >= from; i--) tops.set(i, tops.get(i + 1)! - gap(i));
    // The focus line's top sits at 40 % of the safe area, scrolled there from the line before.
    const line = lines[focus]!;
    const progress = Math.min(1, Math.max(0, (t - line.start) / SHEET_SCROLL_SECONDS));
    const eased = 1 - (1 - progress) ** 3;
    const previousOffset = focus > from ? tops.get(focus - 1)! : 0;
    const anchor = safe.y + safe.height * 0.4;
    const shift = anchor - (previousOffset + (0 - previousOffset) * eased);
    const fadeBand = safe.height * 0.15;
    textShadow(ctx, u);
    for (let i = from; i <= to; i++) {
      const p = placed.get(i)!;
      const top = tops.get(i)! + shift;
      const bottom = top + blockHeight(p.set);
      if (top < safe.y || bottom > safe.y + safe.height) continue;
      const edge = Math.min(top - safe.y, safe.y + safe.height - bottom);
      const fade = Math.min(1, edge / fadeBand);
      const isCurrent = i === frame.current;
      ctx.fillStyle = isCurrent ? colors.accent : rgba(colors.text, 0.42 * fade);
      paintRows(ctx, at(p, top, cx));
    }
  },
};

/** Every lyric style, in the order the creator offers them; the first is the default. */
export const LYRIC_STYLES: readonly LyricStyle[] = [centred, karaoke, captions, kinetic, sheet];

export function findLyricStyle(name: string): LyricStyle | undefined {
  return LYRIC_STYLES.find((s) => s.name === name);
}
