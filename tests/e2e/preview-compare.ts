// The preview compared with the video: what the create screens show against what the server
// rendered from them (shapes.spec.ts, and the kit's look at each size in release-kit.spec.ts).
import { writeFile } from 'node:fs/promises';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { Locator, Page } from '@playwright/test';
import { resolveBinaries } from '../../server/repositories/ffmpeg/binaries';
import { Ffmpeg } from '../../server/repositories/ffmpeg/ffmpeg';
import { ffmpegOutput, psnr } from '../render/media-compare';
import { expect, test } from './fixtures';
import { expectPictureSettles, pixelSpread, readyPreview } from './render-helpers';

/**
 * The least PSNR of the preview against the video's frame. The same picture measured 27-38 dB
 * here (the preview is drawn at screen size, the video is H.264 at 1080p or 4K, seen through the
 * preview's pixels; big lyric words and thin bars lose most). A preview drawn into a 16:9 backing
 * and stretched to its box (a resize once did that at every other shape) measured 13-16 dB, and a
 * blank one 19 dB over a dark scene (waited out first, below).
 */
const MIN_PSNR_DB = 25;

let ffmpeg: Ffmpeg | null = null;

async function testFfmpeg(): Promise<Ffmpeg> {
  ffmpeg ??= new Ffmpeg(await resolveBinaries({ ffmpegPath: undefined, ffprobePath: undefined }));
  return ffmpeg;
}

/** The preview's backing (canvas pixels) and box (CSS pixels), as width / height. */
function previewAspects(preview: Locator): Promise<{ backing: number; box: number }> {
  return preview.locator('canvas').evaluate((canvas: HTMLCanvasElement) => ({
    backing: canvas.width / canvas.height,
    box: canvas.clientWidth / canvas.clientHeight,
  }));
}

/** The preview's backing and box have the output's aspect (within the rounding of small boxes). */
export async function expectPreviewAspect(
  page: Page,
  output: { width: number; height: number },
  where: string,
  preview: Locator = readyPreview(page),
): Promise<void> {
  const aspect = output.width / output.height;
  await expect
    .poll(() => previewAspects(preview), {
      message: `the ${output.width}x${output.height} preview keeps its aspect ${where}`,
    })
    .toEqual({ backing: expect.closeTo(aspect, 2), box: expect.closeTo(aspect, 2) });
}

export interface PreviewPicture {
  rgb: Uint8Array;
  width: number;
  height: number;
  /**
   * Where the preview's canvas lies in the picture, in its pixels: the picture is the part of the
   * screen inside the canvas's box, on whole pixels, so the box starts at or before 0 and ends at
   * or after the picture's size (a box at 16.4 px is taken from 17 px: 0.6 px of it is cut).
   */
  box: { left: number; top: number; width: number; height: number };
  /** The rounded corners' radius: what lies there is the page, not the preview. */
  cornerRadius: number;
}

/**
 * The preview's picture as RGB at its CSS size (what the person sees), once drawn: not a flat
 * colour (a canvas is blank while a new shape's scene is prepared) and no longer changing. The
 * picture is cut on whole pixels inside the canvas's box, which layout puts at fractions of a
 * pixel: a screenshot of the canvas itself rounds outwards, takes a line of the page beside it
 * and shifts the picture against the video's by up to a pixel (3-6 dB of PSNR on thin bars).
 */
export async function previewPicture(
  page: Page,
  name: string,
  preview: Locator = readyPreview(page),
): Promise<PreviewPicture> {
  const canvas = preview.locator('canvas');
  await canvas.scrollIntoViewIfNeeded();
  await expect
    .poll(async () => pixelSpread(await canvas.screenshot()), {
      message: `the ${name} preview is drawn`,
    })
    .toBeGreaterThan(3);
  await expectPictureSettles(canvas, `the ${name} preview stands still`);
  const box = (await canvas.boundingBox())!;
  const cornerRadius = await canvas.evaluate((element) => {
    // The canvas or the frame around it rounds the corners.
    for (let node: Element | null = element; node; node = node.parentElement) {
      const radius = parseFloat(getComputedStyle(node).borderTopLeftRadius);
      if (radius > 0) return radius;
    }
    return 0;
  });
  const clip = {
    x: Math.ceil(box.x),
    y: Math.ceil(box.y),
    width: Math.floor(box.x + box.width) - Math.ceil(box.x),
    height: Math.floor(box.y + box.height) - Math.ceil(box.y),
  };
  const png = await page.screenshot({ clip, animations: 'allow' });
  await writeFile(test.info().outputPath(`${name}-preview.png`), png);
  await page.screenshot({ path: test.info().outputPath(`${name}-screen.png`) });
  const image = await loadImage(png);
  const surface = createCanvas(image.width, image.height);
  const context = surface.getContext('2d');
  context.drawImage(image, 0, 0);
  const rgba = context.getImageData(0, 0, image.width, image.height).data;
  const rgb = new Uint8Array((rgba.length / 4) * 3);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
    rgb[j] = rgba[i]!;
    rgb[j + 1] = rgba[i + 1]!;
    rgb[j + 2] = rgba[i + 2]!;
  }
  return {
    rgb,
    width: image.width,
    height: image.height,
    box: { left: box.x - clip.x, top: box.y - clip.y, width: box.width, height: box.height },
    cornerRadius,
  };
}

/**
 * The video's frame (RGB, frameWidth x frameHeight) as the preview's picture sees it: each of the
 * picture's pixels is the average of the part of the frame it covers, through the canvas's box
 * (fractions of a frame pixel counted by their area, from the frame's summed-area table).
 */
export function frameAsPicture(
  frame: Uint8Array,
  frameWidth: number,
  frameHeight: number,
  picture: Pick<PreviewPicture, 'width' | 'height' | 'box'>,
): Uint8Array {
  const stride = frameWidth + 1;
  const sums = [0, 1, 2].map(() => new Float64Array(stride * (frameHeight + 1)));
  for (let y = 0; y < frameHeight; y++) {
    for (let x = 0; x < frameWidth; x++) {
      for (let c = 0; c < 3; c++) {
        const table = sums[c]!;
        table[(y + 1) * stride + x + 1] =
          frame[(y * frameWidth + x) * 3 + c]! +
          table[y * stride + x + 1]! +
          table[(y + 1) * stride + x]! -
          table[y * stride + x]!;
      }
    }
  }
  // The summed area over [0, x) x [0, y) at fractional x and y: bilinear between the table's
  // whole-pixel entries, exact for pixels of one colour each.
  const at = (table: Float64Array, x: number, y: number) => {
    const x0 = Math.min(frameWidth - 1, Math.floor(x));
    const y0 = Math.min(frameHeight - 1, Math.floor(y));
    const fx = x - x0;
    const fy = y - y0;
    const a = table[y0 * stride + x0]!;
    const b = table[y0 * stride + x0 + 1]!;
    const c = table[(y0 + 1) * stride + x0]!;
    const d = table[(y0 + 1) * stride + x0 + 1]!;
    return a * (1 - fx) * (1 - fy) + b * fx * (1 - fy) + c * (1 - fx) * fy + d * fx * fy;
  };
  const { box } = picture;
  const sx = frameWidth / box.width;
  const sy = frameHeight / box.height;
  const clamp = (v: number, max: number) => Math.min(max, Math.max(0, v));
  const out = new Uint8Array(picture.width * picture.height * 3);
  for (let j = 0; j < picture.height; j++) {
    const y0 = clamp((j - box.top) * sy, frameHeight);
    const y1 = clamp((j + 1 - box.top) * sy, frameHeight);
    for (let i = 0; i < picture.width; i++) {
      const x0 = clamp((i - box.left) * sx, frameWidth);
      const x1 = clamp((i + 1 - box.left) * sx, frameWidth);
      const area = (x1 - x0) * (y1 - y0);
      for (let c = 0; c < 3; c++) {
        const table = sums[c]!;
        const sum = at(table, x1, y1) - at(table, x0, y1) - at(table, x1, y0) + at(table, x0, y0);
        out[(j * picture.width + i) * 3 + c] = Math.round(sum / Math.max(area, 1e-9));
      }
    }
  }
  return out;
}

/** PSNR of the picture against the frame, leaving out the rounded corners (the page shows there). */
function previewPsnr(picture: PreviewPicture, frame: Uint8Array): number {
  const { width, height, cornerRadius } = picture;
  const r = Math.ceil(cornerRadius);
  const inCorner = (x: number, y: number) =>
    (y < r || y >= height - r) && (x < r || x >= width - r);
  const kept: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) if (!inCorner(x, y)) kept.push((y * width + x) * 3);
  }
  const pick = (rgb: Uint8Array) => {
    const out = new Uint8Array(kept.length * 3);
    kept.forEach((at, k) => out.set(rgb.subarray(at, at + 3), k * 3));
    return out;
  };
  return psnr(pick(picture.rgb), pick(frame));
}

/**
 * The video's frame at `atSeconds` (its first by default), scaled to the preview's size, is the
 * preview's picture (PSNR). Answers the video's file, kept with the run's output.
 */
export async function expectFrameMatchesPreview(
  page: Page,
  name: string,
  preview: PreviewPicture,
  videoUrl: string,
  atSeconds = 0,
): Promise<string> {
  const ffmpeg = await testFfmpeg();
  const video = await page.request.get(videoUrl);
  expect(video.ok()).toBe(true);
  const file = test.info().outputPath(`${name}.mp4`);
  await writeFile(file, await video.body());
  const { width, height, box } = preview;
  const seek = atSeconds > 0 ? ['-ss', String(atSeconds)] : [];
  // The frame at twice the box's size first (a 4K frame's table would take 200 MB), then as the
  // preview's pixels see it.
  const frameWidth = Math.round(box.width * 2);
  const frameHeight = Math.round(box.height * 2);
  const frame = await ffmpegOutput(ffmpeg, [
    ...[...seek, '-i', file, '-frames:v', '1'],
    ...['-vf', `scale=${frameWidth}:${frameHeight}:flags=area`],
    ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
  ]);
  const seen = frameAsPicture(frame, frameWidth, frameHeight, preview);
  const kept = createCanvas(width, height);
  const pixels = kept.getContext('2d').createImageData(width, height);
  for (let i = 0, j = 0; j < seen.length; i += 4, j += 3) {
    pixels.data.set(seen.subarray(j, j + 3), i);
    pixels.data[i + 3] = 255;
  }
  kept.getContext('2d').putImageData(pixels, 0, 0);
  await writeFile(test.info().outputPath(`${name}-video.png`), await kept.encode('png'));
  const db = previewPsnr(preview, seen);
  console.log(`${name}: PSNR ${db.toFixed(1)} dB`);
  expect(db, `${name}: the preview is the video's frame`).toBeGreaterThan(MIN_PSNR_DB);
  return file;
}
