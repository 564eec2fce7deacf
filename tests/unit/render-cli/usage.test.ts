import { describe, expect, test } from 'vitest';
import { KINDS } from '../../../scripts/render/kinds';
import { usage } from '../../../scripts/render/usage';

describe('the render command usage, written from the kinds', () => {
  const text = usage(KINDS);

  test('every kind and every option it takes is there', () => {
    // A kind's part: from its `npm run render -- <kind>` line to the next one.
    const parts = text.split(/\n(?= {2}npm run render -- )/);
    for (const kind of KINDS) {
      const name = new RegExp(`^ {2}npm run render -- (<[^>]*\\b)?${kind.name}\\b`);
      const part = parts.find((candidate) => name.test(candidate));
      expect(part, kind.name).toBeDefined();
      for (const option of Object.keys(kind.options)) expect(part).toContain(`--${option} `);
    }
  });

  test('kinds with the same options share one synopsis', () => {
    const still = KINDS.find((kind) => kind.name === 'single-frame')!;
    expect(usage([still, { ...still, name: 'still' }])).toContain(
      'npm run render -- <single-frame|still> --template <name> --audio <file> --out <file.mp4>',
    );
    // A visualizer takes lyrics, a still does not: each has its own.
    expect(text).toContain('npm run render -- visualizer --template <name>');
    expect(text).toContain('npm run render -- single-frame --template <name>');
  });

  test('required, optional, nested and one-of options read as before', () => {
    expect(text).toContain('[--audio <file> [--section <seconds>]]');
    expect(text).toContain('[--lyrics <file.lrc|.srt|.vtt|.txt> [--lyrics-style <style>]]');
    expect(text).toContain('[--seconds <3-8>] [--size 1080x1920|720x1280] [--fps 24|25|30]');
    expect(text).toContain(
      'npm run render -- loop --video <clip> (--length <seconds> | --audio <file>) --out <file.mp4>',
    );
    expect(text).toMatch(
      /--size {6}one of the template's sizes \(1920x1080, 1080x1080, 1080x1920, 1080x1350,\s+3840x2160,\s+2160x2160,\s+2160x3840\)/,
    );
  });

  test('no line is wider than 100 columns', () => {
    for (const line of text.split('\n')) expect(line.length, line).toBeLessThanOrEqual(100);
  });
});
