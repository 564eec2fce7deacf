// The preview compared with the video: what the create screens show against what the server
// rendered from them (shapes.spec.ts; release-kit.spec.ts checks the kit look's aspect).
import { writeFile } from 'node:fs/promises';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { Locator, Page } from '@playwright/test';
import { resolveBinaries } from '../../server/repositories/ffmpeg/binaries';
import { Ffmpeg } from '../../server/repositories/ffmpeg/ffmpeg';
import { ffmpegOutput, psnr } from '../render/media-compare';
import { expect, test } from './fixtures';
import { expectPictureSettles, pixelSpread, readyPreview } from './render-helpers';

/**
 * The least PSNR of the preview against the video's frame. The same picture measured 23-37 dB
 * here (the preview is drawn at screen size, the video is H.264 at 1080p or 4K, scaled down; big
 * lyric words lose most). A preview drawn into a 16:9 backing and stretched to its box (a
 * resize once did that at every other shape) measured 13-16 dB, and a blank one 19 dB over a
 * dark scene (waited out first, below).
 */
const MIN_PSNR_DB = 21;

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
}

/**
 * The preview's picture as RGB at its CSS size (what the person sees), once drawn: not a flat
 * colour (a canvas is blank while a new shape's scene is prepared) and no longer changing.
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
  const png = await expectPictureSettles(canvas, `the ${name} preview stands still`);
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
  return { rgb, width: image.width, height: image.height };
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
  const { width, height } = preview;
  const seek = atSeconds > 0 ? ['-ss', String(atSeconds)] : [];
  const frame = await ffmpegOutput(ffmpeg, [
    ...[...seek, '-i', file, '-frames:v', '1'],
    ...['-vf', `scale=${width}:${height}:flags=area`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
  ]);
  await ffmpegOutput(ffmpeg, [
    ...['-y', ...seek, '-i', file, '-frames:v', '1', '-vf', `scale=${width}:${height}`],
    test.info().outputPath(`${name}-video.png`),
  ]);
  const db = psnr(preview.rgb, frame);
  console.log(`${name}: PSNR ${db.toFixed(1)} dB`);
  expect(db, `${name}: the preview is the video's frame`).toBeGreaterThan(MIN_PSNR_DB);
  return file;
}
