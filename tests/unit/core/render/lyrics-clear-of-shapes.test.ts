// Lyrics never cover a template's main shape (Circular Spectrum's ring): for every lyric style,
// at every aspect, the boxes of the words drawn keep clear of the box the template declares.
import { beforeAll, describe, expect, it } from 'vitest';
import type { LyricLine } from '../../../../core/lyrics/lyrics';
import type { Canvas2D } from '../../../../core/render/canvas-2d';
import { silentFeatures } from '../../../../core/render/features';
import type { Box } from '../../../../core/render/lyrics/layout';
import { drawLyrics } from '../../../../core/render/lyrics/lyrics-layer';
import { LYRIC_STYLE_NAMES } from '../../../../core/render/lyrics/lyric-style-name';
import { defaultSettings, findTemplate, listTemplates } from '../../../../core/render/renderer';
import type { Scene } from '../../../../core/render/scene';
import type { Template } from '../../../../core/render/template';
import { createNodeSurface } from '../../../../server/render/canvas-host';
import { registerRenderFonts } from '../../../../server/render/fonts';

beforeAll(() => registerRenderFonts());

const TEXTS = [
  'When the night comes rolling over the hills',
  'And the city lights go dim one by one',
  'I will be waiting by the water',
  'Singing the words you left behind',
  'Hold on, hold on',
  'Till the morning comes',
];
const LINES: LyricLine[] = TEXTS.map((text, i) => ({
  text,
  startSeconds: 2 + i * 4,
  endSeconds: null,
  words: null,
  section: 0,
  // A label is not sung: it is never drawn.
  ...(i === 0 ? { sectionLabel: 'Verse 1' } : {}),
}));
/** Inside line 3, half sung: the lines before it on the sheet, the next one below it. */
const T = 12;

/** A context that notes the box of every text it paints, in frame pixels. */
function recordingText(width: number, height: number) {
  const ctx = createNodeSurface(width, height).canvas.getContext('2d');
  const boxes: (Box & { text: string })[] = [];
  const proxy = new Proxy(ctx, {
    get(target, property) {
      if (property === 'fillText') {
        return (text: string, x: number, y: number) => {
          const m = target.measureText(text);
          const m2d = target.getTransform();
          const corners = [
            [x - m.actualBoundingBoxLeft, y - m.actualBoundingBoxAscent],
            [x + m.actualBoundingBoxRight, y + m.actualBoundingBoxDescent],
          ].map(([px, py]) => [
            m2d.a * px! + m2d.c * py! + m2d.e,
            m2d.b * px! + m2d.d * py! + m2d.f,
          ]);
          const [[x0, y0], [x1, y1]] = corners as [[number, number], [number, number]];
          boxes.push({
            text,
            x: Math.min(x0, x1),
            y: Math.min(y0, y1),
            width: Math.abs(x1 - x0),
            height: Math.abs(y1 - y0),
          });
          target.fillText(text, x, y);
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
    set(target, property, value) {
      return Reflect.set(target, property, value, target);
    },
  });
  // SKRSContext2D implements every member of Canvas2D (server/render/canvas-host.ts).
  return { ctx: proxy as unknown as Canvas2D, boxes };
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const lyricTemplates = [...listTemplates('visualizer'), ...listTemplates('particles')]
  .map((info) => findTemplate(info.kind, info.name)!)
  .filter((template): template is Template & Required<Pick<Template, 'mainShape'>> =>
    Boolean(template.mainShape),
  );

describe('lyrics and the template’s main shape', () => {
  it('Circular Spectrum declares its ring', () => {
    expect(lyricTemplates.map((t) => t.name)).toContain('circular-spectrum');
  });

  const cases = lyricTemplates.flatMap((template) =>
    template.aspects.flatMap((aspect) =>
      LYRIC_STYLE_NAMES.map((style) => [template.name, aspect, style, template] as const),
    ),
  );

  it.each(cases)('%s at %s: %s lyrics keep clear of it', (_name, aspect, style, template) => {
    const scene: Scene = {
      settings: {
        ...defaultSettings(template, aspect),
        title: 'Midnight Drive',
        artist: 'Frozen Bubble',
        lyrics: { lines: LINES, style },
      },
      images: {},
      analysis: null,
    };
    const { width, height } = scene.settings;
    const shape = template.mainShape({ width, height, scene });
    const { ctx, boxes } = recordingText(width, height);
    const features = { ...silentFeatures(), beat: 1, beatIndex: 4 };
    drawLyrics(ctx, scene.settings.lyrics!, {
      t: T,
      width,
      height,
      colors: scene.settings.colors,
      features,
      mainShape: shape,
    });
    expect(boxes.length, 'some lyrics are drawn').toBeGreaterThan(0);
    for (const box of boxes) {
      expect(overlap(box, shape), `"${box.text}" over the shape`).toBe(false);
      // Inside the frame, and large enough to read (20 px at 1080p).
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y + box.height).toBeLessThanOrEqual(height);
      expect(box.text).not.toContain('Verse 1');
    }
  });

  it('a scene without lyrics keeps the ring large and in the middle', () => {
    const template = findTemplate('visualizer', 'circular-spectrum')!;
    const settings = { ...defaultSettings(template, '16:9'), title: '', artist: '' };
    const shape = template.mainShape!({
      width: 1920,
      height: 1080,
      scene: { settings, images: {}, analysis: null },
    });
    expect(shape.x + shape.width / 2).toBeCloseTo(960);
    expect(shape.height).toBeGreaterThan(1080 * 0.8);
  });
});
