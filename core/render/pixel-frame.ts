// A frame's pixels, for what is quicker to draw into memory than through canvas calls (the
// particle stage's thousands of small circles). The renderer hands a template the RGBA bytes of
// the frame it drew (renderer.ts: drawFrame reads and writes them back; a host that reads the
// pixels anyway, like the server's frame loop, passes its own buffer), so the same code draws
// them in the browser's preview and in the video, byte for byte: integer results, rounded here,
// whatever kind of byte array holds them.

export interface PixelFrame {
  /** RGBA, not premultiplied, top row first (what getImageData gives). */
  data: Uint8Array | Uint8ClampedArray;
  /** In pixels of data. */
  width: number;
  height: number;
  /** Pixels of data per pixel of the output (a preview draws smaller than the video). */
  scale: number;
}

/**
 * Blends a filled disc over the frame: centre and radius in output pixels, colour 0xRRGGBB at an
 * opacity of 0..1, edges anti-aliased by the distance of each pixel's centre to the disc's edge.
 * A disc under half a pixel across is drawn half a pixel across, fainter by the area it lacks.
 */
export function blendDisc(
  frame: PixelFrame,
  x: number,
  y: number,
  radius: number,
  rgb: number,
  opacity: number,
): void {
  const { data, width, height, scale } = frame;
  const cx = x * scale;
  const cy = y * scale;
  let r = radius * scale;
  let alpha = opacity;
  if (r < 0.5) {
    alpha *= (r / 0.5) ** 2;
    r = 0.5;
  }
  const reach = r + 0.5;
  const x0 = Math.max(0, Math.floor(cx - reach));
  const x1 = Math.min(width - 1, Math.floor(cx + reach));
  const y0 = Math.max(0, Math.floor(cy - reach));
  const y1 = Math.min(height - 1, Math.floor(cy + reach));
  if (x0 > x1 || y0 > y1) return;
  const red = (rgb >> 16) & 255;
  const green = (rgb >> 8) & 255;
  const blue = rgb & 255;
  // Pixels whose centre lies within inner² are wholly covered; beyond reach² not at all: only
  // the ring between needs its distance.
  const inner = Math.max(0, r - 0.5);
  const inner2 = inner * inner;
  const reach2 = reach * reach;
  for (let py = y0; py <= y1; py++) {
    const dy = py + 0.5 - cy;
    const dy2 = dy * dy;
    let o = (py * width + x0) * 4;
    for (let px = x0; px <= x1; px++, o += 4) {
      const dx = px + 0.5 - cx;
      const d2 = dx * dx + dy2;
      if (d2 >= reach2) continue;
      const a = d2 <= inner2 ? alpha : alpha * Math.min(1, reach - Math.sqrt(d2));
      const below = data[o + 3]!;
      if (below === 255) {
        const keep = 1 - a;
        data[o] = (red * a + data[o]! * keep + 0.5) | 0;
        data[o + 1] = (green * a + data[o + 1]! * keep + 0.5) | 0;
        data[o + 2] = (blue * a + data[o + 2]! * keep + 0.5) | 0;
      } else {
        // Source over a translucent pixel, in straight (not premultiplied) colour.
        const under = (below / 255) * (1 - a);
        const out = a + under;
        data[o] = ((red * a + data[o]! * under) / out + 0.5) | 0;
        data[o + 1] = ((green * a + data[o + 1]! * under) / out + 0.5) | 0;
        data[o + 2] = ((blue * a + data[o + 2]! * under) / out + 0.5) | 0;
        data[o + 3] = (out * 255 + 0.5) | 0;
      }
    }
  }
}
