// --lyrics and --lyrics-style, declared once for the kinds whose videos carry lyrics (visualizer,
// particles, kit): a timed lyrics file read with core's parser, drawn by the renderer's lyrics
// layer in a lyric style.

import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { LYRICS_MAX_BYTES, LyricsError, parseLyrics, type LyricLine } from '../../core/lyrics';
import {
  LYRIC_STYLE_NAMES,
  type LyricStyleName,
  type LyricsSettings,
} from '../../core/render/lyrics/lyric-style-name';
import { fail, file, listOr, type Option } from './options';
import type { Progress } from './progress';

const DEFAULT_STYLE: LyricStyleName = 'centred';

/** The two options, to spread into a kind's table: `{ ..., ...lyricsOptions() }`. */
export function lyricsOptions() {
  return {
    lyrics: file(
      'lyrics file',
      '<file.lrc|.srt|.vtt|.txt>',
      'timed lyrics drawn over the video: LRC (enhanced too), SRT, WebVTT, or text with LRC ' +
        'times; lines without a time are left out',
    ),
    'lyrics-style': lyricStyle(),
  };
}

function lyricStyle(): Option<LyricStyleName> & { default: LyricStyleName } {
  return {
    placeholder: '<style>',
    help:
      `how the lyrics are drawn: ${listOr(LYRIC_STYLE_NAMES)}, default ${DEFAULT_STYLE} ` +
      '(`npm run render -- templates` describes them)',
    default: DEFAULT_STYLE,
    needs: { option: 'lyrics', because: 'it is how the lyrics file is drawn' },
    parse: (value, flag) =>
      (LYRIC_STYLE_NAMES as readonly string[]).includes(value)
        ? (value as LyricStyleName)
        : fail(`${flag} must be ${listOr(LYRIC_STYLE_NAMES)}, not "${value}"`),
  };
}

/** A lyrics file's timed lines, and how many lines it had without a time. */
export interface TimedLyricsFile {
  lines: LyricLine[];
  untimed: number;
}

/**
 * The timed lines of a lyrics file (UTF-8 text in any format core reads), or a fail() naming the
 * file and, when the fault is on one, its line. A file with no timed line at all is refused: the
 * video would show nothing.
 */
export async function readLyricsFile(file: string): Promise<TimedLyricsFile> {
  const where = `--lyrics ${file}`;
  // Refused before it is read, as core refuses it once read.
  const { size } = await stat(file);
  if (size > LYRICS_MAX_BYTES) {
    fail(`${where}: larger than ${LYRICS_MAX_BYTES / 1024} KB, the most a lyrics file can be`);
  }
  let lines: LyricLine[];
  try {
    ({ lines } = parseLyrics(path.basename(file), await readFile(file, 'utf8')));
  } catch (error) {
    if (error instanceof LyricsError) fail(`${where}: ${error.message}`);
    throw error;
  }
  const timed = lines.filter((line) => line.startSeconds !== null);
  if (timed.length === 0) {
    fail(
      `${where} has no times: time it in the app's lyrics editor, or give an LRC, SRT or ` +
        'WebVTT file',
    );
  }
  return { lines: timed, untimed: lines.length - timed.length };
}

/**
 * The lyrics of a scene from the two options' values (undefined without --lyrics), said in the
 * progress as they are read.
 */
export async function lyricsSettings(
  options: { lyrics?: string; 'lyrics-style': LyricStyleName },
  progress: Progress,
): Promise<LyricsSettings | undefined> {
  if (options.lyrics === undefined) return undefined;
  const { lines, untimed } = await readLyricsFile(options.lyrics);
  const leftOut = untimed > 0 ? ` (${untimed} without a time left out)` : '';
  progress.say(
    `Lyrics: ${lines.length} timed ${lines.length === 1 ? 'line' : 'lines'} of ` +
      `${path.basename(options.lyrics)}${leftOut}, style ${options['lyrics-style']}`,
  );
  return { lines, style: options['lyrics-style'] };
}
