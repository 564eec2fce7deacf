import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { KINDS } from '../../../scripts/render/kinds';
import {
  file,
  folder,
  mp4File,
  required,
  seconds,
  template,
  UsageError,
  wholeNumber,
  type OptionTable,
} from '../../../scripts/render/options';
import { parseOptions } from '../../../scripts/render/parse-options';
import { makeTempDir } from '../../support/temp-dir';

function kind(name: string) {
  const found = KINDS.find((k) => k.name === name);
  if (!found) throw new Error(`no kind ${name}`);
  return found;
}

/** The one line a bad command line gets, or null when it parses. */
async function refusal(
  declared: { options: OptionTable; oneOf?: readonly string[] },
  argv: string[],
): Promise<string | null> {
  try {
    await parseOptions(declared, argv);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }
}

describe('the render command line parser', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let track: string;

  beforeAll(async () => {
    temp = await makeTempDir('render-options');
    track = path.join(temp.dir, 'track.mp3');
    await writeFile(track, 'not really audio: the parser only checks that the file is there');
  });
  afterAll(async () => {
    await temp?.remove();
  });

  test.each([
    [['--template', 'vinyl', '--bogus', '1'], "Unknown option '--bogus'"],
    [['--template'], "Option '--template <value>' argument missing"],
    [
      ['--template', 'vinyl', 'extra'],
      "Unexpected argument 'extra'. This command does not take positional arguments",
    ],
    [[], '--template is missing (see: npm run render -- templates)'],
    [['--template', 'nope'], 'unknown canvas template "nope" (see: npm run render -- templates)'],
    [['--template', 'vinyl'], '--out is missing'],
    [['--template', 'vinyl', '--out', 'x.mov'], '--out must name an .mp4 file'],
    [
      ['--template', 'vinyl', '--out', 'x.mp4', '--section', '3'],
      '--section needs --audio: it is where in the track the loop is cut',
    ],
    [
      ['--template', 'vinyl', '--out', 'x.mp4', '--seconds', 'abc'],
      '--seconds must be a number of seconds',
    ],
    [
      ['--template', 'vinyl', '--out', 'x.mp4', '--seconds=-1'],
      '--seconds must be a number of seconds',
    ],
    [
      ['--template', 'vinyl', '--out', 'x.mp4', '--seconds', '12'],
      '--seconds must be between 3 and 8',
    ],
    [
      ['--template', 'vinyl', '--out', 'x.mp4', '--size', 'big'],
      '--size must look like 1080x1920, not "big"',
    ],
    [
      ['--template', 'vinyl', '--out', 'x.mp4', '--fps', 'x'],
      '--fps must be 24, 25 or 30, not "x"',
    ],
    [['--template', 'vinyl', '--out', 'x.mp4', '--settings', '{'], '--settings is not valid JSON'],
    [
      ['--template', 'vinyl', '--out', 'x.mp4', '--audio', '/no/such/track.mp3'],
      'audio file /no/such/track.mp3 does not exist',
    ],
  ])('canvas %j: "%s"', async (argv, message) => {
    expect(await refusal(kind('canvas'), argv)).toBe(message);
  });

  test('the first fault in the order the options are declared is the one told', async () => {
    expect(await refusal(kind('visualizer'), ['--out', 'x.mov'])).toBe(
      '--template is missing (see: npm run render -- templates)',
    );
    expect(
      await refusal(kind('visualizer'), ['--template', 'mirrored-bars', '--out', 'x.mov']),
    ).toBe('--audio is missing');
    // Files are looked for last: a bad value is told before a missing file.
    expect(
      await refusal(kind('visualizer'), [
        ...['--template', 'mirrored-bars', '--audio', '/no/such.mp3'],
        ...['--out', 'x.mp4', '--fps', 'x'],
      ]),
    ).toBe('--fps must be 30 or 60, not "x"');
  });

  test('particles: a preset or design is required, --seconds goes without --audio', async () => {
    expect(await refusal(kind('particles'), ['--out', 'x.mp4'])).toBe(
      '--options is missing: a design file the editor exported, or a preset',
    );
    const withBoth = ['--options', 'embers', '--out', 'x.mp4', '--audio', track, '--seconds', '3'];
    expect(await refusal(kind('particles'), withBoth)).toBe(
      '--seconds is for a video without --audio: with it, the video lasts as long as the track',
    );
    for (const value of ['0', '5000', 'abc']) {
      expect(
        await refusal(kind('particles'), [
          '--options',
          'embers',
          '--out',
          'x.mp4',
          '--seconds',
          value,
        ]),
      ).toBe('--seconds must be a number of seconds up to 3600');
    }
    expect(
      await refusal(kind('particles'), ['--options', 'embers', '--out', 'x.mp4', '--seed', '1.5']),
    ).toBe('--seed must be a whole number, not "1.5"');
  });

  test('loop: exactly one of --length and --audio', async () => {
    const base = ['--video', track, '--out', 'x.mp4'];
    const oneOf = 'give either --length <seconds> or --audio <file>';
    expect(await refusal(kind('loop'), base)).toBe(oneOf);
    expect(await refusal(kind('loop'), [...base, '--length', '5', '--audio', track])).toBe(oneOf);
    expect(await refusal(kind('loop'), [...base, '--length', '0'])).toBe(
      '--length must be a number of seconds',
    );
    expect(await refusal(kind('loop'), [...base, '--length', '5'])).toBeNull();
  });

  test('the values: parsed, defaults filled, files as given', async () => {
    const values = await parseOptions(kind('particles'), [
      ...['--options', 'embers', '--out', 'x.mp4', '--size', '1080x1080', '--seed', '7'],
    ]);
    expect(values).toEqual({
      options: 'embers',
      out: 'x.mp4',
      audio: undefined,
      image: undefined,
      seconds: 10,
      size: { width: 1080, height: 1080 },
      fps: undefined,
      seed: 7,
      lyrics: undefined,
      'lyrics-style': 'centred',
    });
    const canvas = await parseOptions(kind('canvas'), [
      ...['--template', 'vinyl', '--out', 'x.mp4', '--audio', track, '--section', '2.5'],
      ...['--settings', '{"seed":4,"colors":{"primary_color":"#000000"}}'],
    ]);
    expect(canvas.template).toMatchObject({ kind: 'canvas', name: 'vinyl' });
    expect(canvas.audio).toBe(track);
    expect(canvas.section).toBe(2.5);
    expect(canvas.settings).toEqual({ colors: { primary_color: '#000000' }, seed: 4 });
  });

  test('a kind that writes a folder, such as the coming kit, is a table of options', async () => {
    const kit = {
      options: {
        template: required(template('visualizer')),
        audio: required(file('audio file')),
        'hook-start': seconds(),
        out: required(folder()),
      },
    };
    const argv = ['--template', 'mirrored-bars', '--audio', track, '--hook-start', '30'];
    const values = await parseOptions(kit, [...argv, '--out', path.join(temp.dir, 'kit')]);
    expect(values['hook-start']).toBe(30);
    expect(values.out).toBe(path.join(temp.dir, 'kit'));
    expect(await refusal(kit, [...argv, '--out', track])).toBe(
      `--out ${track} is a file, not a folder`,
    );
    await mkdir(path.join(temp.dir, 'existing'));
    expect(await refusal(kit, [...argv, '--out', path.join(temp.dir, 'existing')])).toBeNull();
    expect(await refusal(kit, [...argv, '--out', temp.dir, '--hook-start', 'soon'])).toBe(
      '--hook-start must be a number of seconds',
    );
  });

  test('option builders on their own', async () => {
    const table = { out: mp4File(), rate: wholeNumber([30, 60]), audio: file('audio file') };
    expect(await refusal({ options: table }, ['--rate', '60'])).toBeNull();
    expect(await refusal({ options: table }, ['--rate', 'fast'])).toBe(
      '--rate must be 30 or 60, not "fast"',
    );
    expect(await refusal({ options: table }, ['--audio', temp.dir])).toBe(
      `audio file ${temp.dir} is not a file`,
    );
  });
});
