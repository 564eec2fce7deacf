// The lyrics layer of the renderer: the timed lines of a track drawn over any visualizer or
// particle frame in one of the lyric styles. Settings hold plain data (stored with the render,
// sent to the preview worker); the layouts made from them are cached per scene.

import { LYRICS_LINE_MAX_CHARS, LYRICS_MAX_LINES, type LyricLine } from '../../lyrics/lyrics';
import type { Canvas2D } from '../canvas-2d';
import type { FrameFeatures } from '../features';
import type { SceneColors } from '../scene';
import { unit } from '../templates/draw-helpers';
import { fitText, lyricsArea, safeArea, type Box } from './layout';
import { lyricColors, type PlacedText } from './lyric-paint';
import { lineScript, scriptFonts } from './script';
import type { LyricStyleName, LyricsSettings } from './lyric-style-name';
import { findLyricStyle, LYRIC_STYLES } from './styles';
import { lineIndexAt, timedLines, type TimedLine } from './timing';

export type { LyricsSettings };

/** Lines at most, and characters a line at most, that a render's lyrics may have. */

/** What a scene's lyrics are made into once: the timed lines and a cache of set lines. */
interface PreparedLyrics {
  lines: TimedLine[];
  layouts: Map<string, PlacedText>;
}

const prepared = new WeakMap<LyricsSettings, PreparedLyrics>();

function prepare(lyrics: LyricsSettings): PreparedLyrics {
  let ready = prepared.get(lyrics);
  if (!ready) {
    ready = { lines: timedLines(lyrics.lines), layouts: new Map() };
    prepared.set(lyrics, ready);
  }
  return ready;
}

/** Whether the layer draws anything at t (a style that keeps its sheet up between lines does). */
export function lyricsShownAt(lyrics: LyricsSettings | undefined, t: number): boolean {
  if (!lyrics) return false;
  const { lines } = prepare(lyrics);
  if (lineIndexAt(lines, t) >= 0) return true;
  const style = findLyricStyle(lyrics.style);
  return (
    !!style?.drawsBetweenLines && lines.length > 0 && t >= lines[0]!.start && t < lines.at(-1)!.end
  );
}

export interface LyricsFrameInput {
  t: number;
  width: number;
  height: number;
  colors: SceneColors;
  features: FrameFeatures;
  /** The template's main shape (Template.mainShape), which the lines keep clear of. */
  mainShape?: Box | null;
}

/** Draws the lyrics at t over what ctx holds, in output pixels (the context is left as it was). */
export function drawLyrics(ctx: Canvas2D, lyrics: LyricsSettings, input: LyricsFrameInput): void {
  if (!lyricsShownAt(lyrics, input.t)) return;
  const style = findLyricStyle(lyrics.style) ?? LYRIC_STYLES[0]!;
  const ready = prepare(lyrics);
  const { width, height } = input;
  const u = unit(width, height);
  const area = lyricsArea(safeArea(width, height), input.mainShape ?? null, 24 * u);
  ctx.save();
  ctx.resetTransform();
  ctx.globalAlpha = 1;
  ctx.globalCompositeOperation = 'source-over';
  ctx.filter = 'none';
  style.draw({
    ctx,
    lines: ready.lines,
    current: lineIndexAt(ready.lines, input.t),
    t: input.t,
    width,
    height,
    u,
    safe: area,
    colors: lyricColors(input.colors),
    features: input.features,
    fit(text, options) {
      const key = `${width}x${height}|${JSON.stringify(options)}|${text}`;
      let placed = ready.layouts.get(key);
      if (!placed) {
        const script = lineScript(text);
        const families = scriptFonts(script);
        const set = fitText(ctx, text, { ...options, families });
        placed = { set, script, families, cx: 0, top: 0 };
        ready.layouts.set(key, placed);
      }
      return placed;
    },
  });
  ctx.restore();
  // Set back what save/restore does not cover in every host.
  ctx.direction = 'ltr';
}

/** Why the lyrics of a render's settings cannot be drawn, or null when they can. */
export function checkLyrics(lyrics: unknown): string | null {
  if (typeof lyrics !== 'object' || lyrics === null) return 'Lyrics must be an object';
  const { lines, style } = lyrics as Partial<LyricsSettings>;
  if (typeof style !== 'string' || !findLyricStyle(style)) {
    return `Unknown lyric style "${String(style)}" (${LYRIC_STYLES.map((s) => s.name).join(', ')})`;
  }
  if (!Array.isArray(lines)) return 'Lyrics need their lines';
  if (lines.length > LYRICS_MAX_LINES) return `Lyrics have at most ${LYRICS_MAX_LINES} lines`;
  for (const [i, line] of lines.entries()) {
    const problem = checkLine(line as LyricLine);
    if (problem) return `Lyric line ${i + 1}: ${problem}`;
  }
  return null;
}

const isTime = (v: unknown) =>
  v === null || (typeof v === 'number' && Number.isFinite(v) && v >= 0);

function checkLine(line: LyricLine): string | null {
  if (typeof line !== 'object' || line === null) return 'not a line';
  if (typeof line.text !== 'string') return 'text must be a string';
  if (line.text.length > LYRICS_LINE_MAX_CHARS)
    return `longer than ${LYRICS_LINE_MAX_CHARS} characters`;
  if (!isTime(line.startSeconds) || !isTime(line.endSeconds)) return 'times must be seconds';
  if (line.words !== null && !Array.isArray(line.words)) return 'words must be a list';
  for (const word of line.words ?? []) {
    if (typeof word?.text !== 'string' || !isTime(word.startSeconds) || word.startSeconds === null)
      return 'a word needs its text and start';
    if (!isTime(word.endSeconds)) return 'a word end must be seconds';
  }
  return null;
}

/** The lyric styles' descriptions, for the creator and the command line. */
export function listLyricStyles(): { name: LyricStyleName; title: string; description: string }[] {
  return LYRIC_STYLES.map(({ name, title, description }) => ({ name, title, description }));
}
