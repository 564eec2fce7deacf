import { describe, expect, it } from 'vitest';
import {
  checkSettings,
  defaultSettings,
  findTemplate,
  listTemplates,
} from '../../../../core/render/renderer';
import type { SceneSettings } from '../../../../core/render/scene';

const bars = findTemplate('visualizer', 'mirrored-bars')!;
const valid = (): SceneSettings => defaultSettings(bars, '16:9');

function reason(settings: SceneSettings): string {
  const result = checkSettings(settings);
  if (result.ok) throw new Error('expected the settings to be rejected');
  return result.reason;
}

describe('checkSettings', () => {
  it('accepts every template at every offered aspect and both frame rates', () => {
    for (const info of listTemplates()) {
      for (const aspect of info.aspects) {
        for (const fps of [30, 60]) {
          const result = checkSettings({ ...defaultSettings(info, aspect), fps });
          expect(result.ok, `${info.name} ${aspect} ${fps}`).toBe(true);
        }
      }
    }
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
