import { describe, expect, test } from 'vitest';
import { AppError } from '../../../../server/errors/app-error';
import {
  createRenderBody,
  resolveConfiguration,
} from '../../../../server/services/renders/render-config';
import { renderExpirySeconds } from '../../../../server/services/renders/renders.service';

const reasonOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(400);
    expect((error as AppError).exc).toBe('InvalidData');
    return (error as AppError).message;
  }
  throw new Error('expected a 400');
};

describe('resolveConfiguration', () => {
  test("fills what was left out from the template's defaults and lowercases colours", () => {
    const { settings, imageIds } = resolveConfiguration('visualizer', {
      template: 'mirrored-bars',
      bar_fill: '#FF00AA',
      background_image_uuid: '0B0B0B0B-0000-4000-8000-000000000001',
      logo_image_uuid: '0b0b0b0b-0000-4000-8000-000000000002',
    });
    expect(settings).toMatchObject({
      kind: 'visualizer',
      template: 'mirrored-bars',
      width: 1920,
      height: 1080,
      fps: 30,
      title: '',
      artist: '',
      seed: 1,
    });
    expect(settings.colors.bar_fill).toBe('#ff00aa');
    expect(Object.keys(settings.colors)).toHaveLength(8);
    // Only the slots the template draws are kept.
    expect(imageIds).toEqual({ background: '0b0b0b0b-0000-4000-8000-000000000001' });
  });

  test('keeps a chosen size, frame rate, text and seed', () => {
    const { settings } = resolveConfiguration('visualizer', {
      template: 'mirrored-bars',
      width: 1080,
      height: 1920,
      fps: 60,
      title: 'Song',
      artist: 'Band',
      seed: 42,
    });
    expect(settings).toMatchObject({ width: 1080, height: 1920, fps: 60, title: 'Song', seed: 42 });
  });

  test('a single-frame video ignores the frame rate', () => {
    const { settings } = resolveConfiguration('single-frame', {
      template: 'cover-on-blur',
      fps: 24,
    });
    expect(settings.fps).toBe(30);
    expect(settings.kind).toBe('single-frame');
  });

  test.each([
    [{ template: 'nope' }, 'Unknown visualizer template "nope"'],
    [{ template: 'cover-on-blur' }, 'Unknown visualizer template "cover-on-blur"'],
    [{ template: 'mirrored-bars', bar_fill: 'red' }, 'Colour bar_fill must be #rrggbb'],
    [{ template: 'mirrored-bars', width: 1000, height: 1000 }, 'Size 1000x1000 is not offered'],
    [{ template: 'mirrored-bars', fps: 25 }, 'Frame rate 25 is not offered'],
    [{ template: 'mirrored-bars', width: 1920 }, 'Give both width and height'],
  ])('%o is refused: %s', (configuration, reason) => {
    expect(reasonOf(() => resolveConfiguration('visualizer', configuration))).toContain(reason);
  });

  test('the request body needs an audio id and a template', () => {
    expect(createRenderBody.safeParse({ audio_uuid: 'x', configuration: {} }).success).toBe(false);
    expect(
      createRenderBody.safeParse({
        audio_uuid: '0b0b0b0b-0000-4000-8000-000000000001',
        configuration: { template: 'mirrored-bars' },
      }).success,
    ).toBe(true);
  });
});

describe('renderExpirySeconds', () => {
  const settings = resolveConfiguration('visualizer', { template: 'mirrored-bars' }).settings;

  test('grows with the length, frame rate and size of the video, within pg-boss limits', () => {
    const short = renderExpirySeconds(settings, 8);
    const long = renderExpirySeconds(settings, 3600);
    const long60 = renderExpirySeconds({ ...settings, fps: 60 }, 3600);
    const square = renderExpirySeconds({ ...settings, width: 1080, height: 1080 }, 3600);
    expect(short).toBeGreaterThanOrEqual(600);
    // An hour at 30 fps full HD: 108,000 frames at 10 a second at worst.
    expect(long).toBe(600 + 10_800);
    expect(long60).toBe(600 + 21_600);
    expect(square).toBeLessThan(long);
    expect(renderExpirySeconds({ ...settings, fps: 60 }, 3 * 3600)).toBeLessThan(24 * 3600);
  });

  test('a single-frame video needs far less', () => {
    const still = resolveConfiguration('single-frame', { template: 'cover-on-blur' }).settings;
    expect(renderExpirySeconds(still, 3600)).toBe(600 + 1800);
  });
});
