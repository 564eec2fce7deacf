// The frame reader's backdrop: a frame whose canvas is only the scene's backdrop (the renderer's
// canvasIsBackdrop) gets the pixels read from the first such frame, each time as a fresh copy
// that the frame's own pixel drawing cannot spoil; any other frame is read from the canvas.
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { expect, test } from 'vitest';
import { createFrameReader } from '../../../../server/render/frame-pixels';
import { rgbaToYuv420p, yuv420pSize } from '../../../../server/render/rgba-to-yuv420p';

// An odd size keeps the frames RGBA, which makes the pixels easy to name.
const WIDTH = 3;
const HEIGHT = 3;

function paint(canvas: Canvas, colour: string) {
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = colour;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
}

const firstPixel = (frame: Uint8Array) => Array.from(frame.subarray(0, 4));

test('backdrop frames reuse the first backdrop read, never what a frame drew into its pixels', () => {
  const canvas = createCanvas(WIDTH, HEIGHT);
  const reader = createFrameReader(WIDTH, HEIGHT);
  const out = () => new Uint8Array(reader.frameBytes);
  const markCentre = (rgba: Uint8Array) => rgba.set([0, 255, 0, 255], 4 * 4);

  paint(canvas, '#ff0000');
  const first = reader.read(canvas, out(), markCentre, true);
  expect(firstPixel(first)).toEqual([255, 0, 0, 255]);
  expect(Array.from(first.subarray(16, 20))).toEqual([0, 255, 0, 255]);

  // The canvas is not read again for a backdrop frame (blue here would show it was).
  paint(canvas, '#0000ff');
  const second = reader.read(canvas, out(), undefined, true);
  expect(firstPixel(second)).toEqual([255, 0, 0, 255]);
  // The first frame's own drawing did not stay in the backdrop.
  expect(Array.from(second.subarray(16, 20))).toEqual([255, 0, 0, 255]);

  // A frame that is not only the backdrop is read from the canvas.
  expect(firstPixel(reader.read(canvas, out(), undefined, false))).toEqual([0, 0, 255, 255]);
});

test('yuv420p backdrop frames, built in the converter memory, match converting the pixels drawn', () => {
  const width = 16;
  const height = 4;
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').fillStyle = '#3366cc';
  canvas.getContext('2d').fillRect(0, 0, width, height);
  const reader = createFrameReader(width, height);
  expect(reader.frameBytes).toBe(yuv420pSize(width, height));
  const dot = (at: number) => (rgba: Uint8Array) => rgba.set([255, 255, 255, 255], at * 4);
  const expected = (at: number) => {
    const rgba = new Uint8Array(canvas.getContext('2d').getImageData(0, 0, width, height).data);
    dot(at)(rgba);
    return Buffer.from(rgbaToYuv420p(rgba, width, height, new Uint8Array(reader.frameBytes)));
  };
  for (const at of [5, 40, 5]) {
    const frame = reader.read(canvas, new Uint8Array(reader.frameBytes), dot(at), true);
    expect(Buffer.from(frame)).toEqual(expected(at));
  }
});
