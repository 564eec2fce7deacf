import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LYRICS_MAX_BYTES } from '../../../core/lyrics';
import { KINDS } from '../../../scripts/render/kinds';
import { lyricsSettings, readLyricsFile } from '../../../scripts/render/lyrics-options';
import { UsageError } from '../../../scripts/render/options';
import { parseOptions } from '../../../scripts/render/parse-options';
import type { Progress } from '../../../scripts/render/progress';
import { makeTempDir } from '../../support/temp-dir';

function kind(name: string) {
  const found = KINDS.find((k) => k.name === name);
  if (!found) throw new Error(`no kind ${name}`);
  return found;
}

/** The UsageError line of a promise, or null when it resolves. */
async function refusal(work: Promise<unknown>): Promise<string | null> {
  try {
    await work;
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }
}

const LRC = ['[ti:Night Drive]', '[00:01.00]First line', '', '[00:02.50]Second line'].join('\n');

describe('--lyrics and --lyrics-style', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let track: string;
  const write = async (name: string, text: string | Buffer) => {
    const file = path.join(temp.dir, name);
    await writeFile(file, text);
    return file;
  };
  /** Each lyric kind's required options, so that only the lyrics options are in question. */
  let base: Record<string, string[]>;

  beforeAll(async () => {
    temp = await makeTempDir('render-lyrics-options');
    track = await write('track.mp3', 'not really audio: the parser only checks that it is there');
    base = {
      visualizer: ['--template', 'mirrored-bars', '--audio', track, '--out', 'x.mp4'],
      particles: ['--options', 'embers', '--out', 'x.mp4'],
      kit: ['--template', 'mirrored-bars', '--audio', track, '--out', temp.dir],
    };
  });
  afterAll(async () => {
    await temp?.remove();
  });

  test('visualizer, particles and kit take the same two options; a still or a Canvas neither', () => {
    const [first, ...others] = ['visualizer', 'particles', 'kit'].map((name) => kind(name).options);
    for (const options of [first!, ...others]) {
      expect(options.lyrics?.placeholder).toBe('<file.lrc|.srt|.vtt|.txt>');
      expect(options['lyrics-style']?.default).toBe('centred');
    }
    for (const options of others) {
      expect(options.lyrics!.help).toBe(first!.lyrics!.help);
      expect(options['lyrics-style']!.help).toBe(first!['lyrics-style']!.help);
    }
    for (const name of ['single-frame', 'canvas', 'loop']) {
      expect(Object.keys(kind(name).options), name).not.toContain('lyrics');
    }
  });

  test.each(['visualizer', 'particles', 'kit'])(
    '%s: the file as given, the style or centred',
    async (name) => {
      const lrc = await write('song.lrc', LRC);
      const values = await parseOptions(kind(name), [...base[name]!, '--lyrics', lrc]);
      expect(values).toMatchObject({ lyrics: lrc, 'lyrics-style': 'centred' });
      const styled = await parseOptions(kind(name), [
        ...base[name]!,
        ...['--lyrics', lrc, '--lyrics-style', 'karaoke'],
      ]);
      expect(styled['lyrics-style']).toBe('karaoke');
      const without = await parseOptions(kind(name), base[name]!);
      expect(without.lyrics).toBeUndefined();
    },
  );

  test.each(['visualizer', 'particles', 'kit'])(
    '%s: what is refused, in one line',
    async (name) => {
      const lrc = await write('song.lrc', LRC);
      const parse = (argv: string[]) =>
        refusal(parseOptions(kind(name), [...base[name]!, ...argv]));
      expect(await parse(['--lyrics-style', 'karaoke'])).toBe(
        '--lyrics-style needs --lyrics: it is how the lyrics file is drawn',
      );
      expect(await parse(['--lyrics', lrc, '--lyrics-style', 'fancy'])).toBe(
        '--lyrics-style must be centred, karaoke, captions, kinetic or sheet, not "fancy"',
      );
      expect(await parse(['--lyrics', '/no/such/song.lrc'])).toBe(
        'lyrics file /no/such/song.lrc does not exist',
      );
      expect(await parse(['--lyrics'])).toBe("Option '--lyrics <value>' argument missing");
    },
  );

  test('LRC, SRT, WebVTT and text with LRC times are read with their times', async () => {
    const files = {
      'song.lrc': LRC,
      'song.srt':
        '1\n00:00:01,000 --> 00:00:02,000\nFirst line\n\n2\n00:00:02,500 --> 00:00:04,000\nSecond line\n',
      'song.vtt':
        'WEBVTT\n\n00:01.000 --> 00:02.000\nFirst line\n\n00:02.500 --> 00:04.000\nSecond line\n',
      'song.txt': LRC,
    };
    for (const [name, text] of Object.entries(files)) {
      const { lines, untimed } = await readLyricsFile(await write(name, text));
      expect(
        lines.map((l) => [l.text, l.startSeconds]),
        name,
      ).toEqual([
        ['First line', 1],
        ['Second line', 2.5],
      ]);
      expect(untimed).toBe(0);
    }
  });

  test('a bad file is refused naming the file and the line', async () => {
    const lrc = await write(
      'bad.lrc',
      ['[00:01.00]First line', '[00:02.00]Second line', '[0x:03.00]Third line'].join('\n'),
    );
    const message = await refusal(readLyricsFile(lrc));
    expect(message).toMatch(new RegExp(`^--lyrics ${escape(lrc)}: Line 3: `));

    const srt = await write(
      'bad.srt',
      '1\n00:00:01,000 --> 00:00:02,000\nFirst\n\n2\nsoon --> later\nSecond\n',
    );
    expect(await refusal(readLyricsFile(srt))).toMatch(
      new RegExp(`^--lyrics ${escape(srt)}: Line \\d+: `),
    );
  });

  test('a text without times, a binary file and a too large one are refused', async () => {
    const plain = await write('plain.txt', 'First line\nSecond line\n');
    expect(await refusal(readLyricsFile(plain))).toBe(
      `--lyrics ${plain} has no times: time it in the app's lyrics editor, or give an LRC, SRT ` +
        'or WebVTT file',
    );
    const binary = await write('cover.lrc', Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x10, 0x4a]));
    expect(await refusal(readLyricsFile(binary))).toBe(
      `--lyrics ${binary}: This is not a text file.`,
    );
    const large = await write('large.lrc', `[00:01.00]${'la '.repeat(LYRICS_MAX_BYTES / 3)}\n`);
    expect(await refusal(readLyricsFile(large))).toBe(
      `--lyrics ${large}: larger than 512 KB, the most a lyrics file can be`,
    );
  });

  test('the scene’s lyrics: the timed lines and the style, said as they are read', async () => {
    const said: string[] = [];
    const progress: Progress = { say: (line) => said.push(line), report: () => {} };
    const lrc = await write('song.lrc', LRC);
    const lyrics = await lyricsSettings({ lyrics: lrc, 'lyrics-style': 'sheet' }, progress);
    expect(lyrics?.style).toBe('sheet');
    expect(lyrics?.lines.map((l) => l.text)).toEqual(['First line', 'Second line']);
    expect(said).toEqual(['Lyrics: 2 timed lines of song.lrc, style sheet']);
    expect(await lyricsSettings({ 'lyrics-style': 'centred' }, progress)).toBeUndefined();
    expect(said).toHaveLength(1);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
