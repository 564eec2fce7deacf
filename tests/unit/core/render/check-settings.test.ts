import { describe, expect, it } from 'vitest';
import {
  checkSettings,
  defaultSettings,
  findTemplate,
  listTemplates,
} from '../../../../core/render/renderer';
import { outputSize, type SceneSettings } from '../../../../core/render/scene';

const bars = findTemplate('visualizer', 'mirrored-bars')!;
const valid = (): SceneSettings => defaultSettings(bars, '16:9');

function reason(settings: SceneSettings): string {
  const result = checkSettings(settings);
  if (result.ok) throw new Error('expected the settings to be rejected');
  return result.reason;
}

describe('checkSettings of a Canvas', () => {
  const canvas = listTemplates('canvas');

  it('accepts every Canvas template at both Spotify sizes and 24, 25 and 30 fps', () => {
    for (const info of canvas) {
      for (const size of [
        { width: 1080, height: 1920 },
        { width: 720, height: 1280 },
      ]) {
        for (const fps of [24, 25, 30]) {
          const settings = { ...defaultSettings(info), ...size, fps };
          settings.loop = { ...settings.loop!, frames: 5 * fps };
          expect(checkSettings(settings).ok, `${info.name} ${size.width} ${fps}`).toBe(true);
        }
      }
    }
  });

  it('refuses what Spotify does not take', () => {
    const base = defaultSettings(canvas[0]!);
    expect(reason({ ...base, fps: 60 })).toBe(
      'Frame rate 60 is not offered for a Canvas (24, 25, 30)',
    );
    expect(reason({ ...base, width: 1080, height: 1080 })).toBe(
      'Size 1080x1080 is not offered for a Canvas (1080x1920, 720x1280)',
    );
    expect(reason({ ...base, loop: { ...base.loop!, frames: 60 } })).toBe(
      'A Canvas lasts 3 to 8 seconds',
    );
    expect(reason({ ...base, loop: { ...base.loop!, frames: 241 } })).toBe(
      'A Canvas lasts 3 to 8 seconds',
    );
    expect(reason({ ...base, loop: { ...base.loop!, beats: 2.5 } })).toBe(
      'Beats must be a whole number',
    );
    expect(reason({ ...base, loop: undefined })).toBe('A Canvas needs its loop');
  });
});

describe('checkSettings', () => {
  it('accepts every template at every offered aspect and both frame rates', () => {
    for (const info of [...listTemplates('visualizer'), ...listTemplates('single-frame')]) {
      for (const aspect of info.aspects) {
        for (const fps of [30, 60]) {
          const result = checkSettings({ ...defaultSettings(info, aspect), fps });
          expect(result.ok, `${info.name} ${aspect} ${fps}`).toBe(true);
        }
      }
    }
  });

  it('accepts 4K (twice each side) for visualizers, stills and particles at 16:9, 1:1 and 9:16', () => {
    for (const kind of ['visualizer', 'single-frame', 'particles'] as const) {
      for (const info of listTemplates(kind)) {
        for (const aspect of info.aspects.filter((a) => a !== '4:5')) {
          const size = outputSize(aspect, '4k');
          const result = checkSettings({ ...defaultSettings(info, aspect), ...size });
          expect(result.ok, `${info.name} ${aspect} 4K`).toBe(true);
        }
      }
    }
    expect(outputSize('16:9', '4k')).toEqual({ width: 3840, height: 2160 });
    expect(outputSize('9:16', '4k')).toEqual({ width: 2160, height: 3840 });
    expect(outputSize('1:1', '4k')).toEqual({ width: 2160, height: 2160 });
  });

  it('has no 4K of the feed portrait, nor of a Canvas', () => {
    expect(reason({ ...valid(), width: 2160, height: 2700 })).toMatch(/2160x2700 is not offered/);
    const canvas = defaultSettings(listTemplates('canvas')[0]!);
    expect(reason({ ...canvas, width: 2160, height: 3840 })).toMatch(/2160x3840 is not offered/);
    expect(checkSettings({ ...valid(), width: 3840, height: 2160, fps: 60 }).ok).toBe(true);
  });

  it('rejects an unknown template, or one of the other kind, naming it', () => {
    expect(reason({ ...valid(), template: 'nope' })).toMatch(/Unknown visualizer template "nope"/);
    expect(reason({ ...valid(), kind: 'single-frame' })).toMatch(/mirrored-bars/);
  });

  it('rejects a size the template does not offer, listing the offered ones', () => {
    expect(reason({ ...valid(), width: 1280, height: 720 })).toMatch(/1280x720.*1920x1080/);
    const still = findTemplate('single-frame', 'cover-with-title')!;
    expect(checkSettings({ ...defaultSettings(still), width: 1000, height: 1000 }).ok).toBe(false);
  });

  it('rejects frame rates other than 30 and 60', () => {
    expect(reason({ ...valid(), fps: 25 })).toMatch(/Frame rate 25/);
  });

  it('rejects a colour that is not #rrggbb, naming the field', () => {
    for (const bad of ['red', '#fff', '#12345g', '']) {
      expect(reason({ ...valid(), colors: { ...valid().colors, bar_fill: bad } })).toMatch(
        /bar_fill/,
      );
    }
  });
});
