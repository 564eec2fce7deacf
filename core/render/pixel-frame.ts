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
    if (dy2 >= reach2) continue;
    // Only the run of the row the disc reaches: pixel centres within the half-chord.
    const chord = Math.sqrt(reach2 - dy2);
    const from = Math.max(x0, Math.ceil(cx - chord - 0.5));
    const to = Math.min(x1, Math.floor(cx + chord - 0.5));
    let o = (py * width + from) * 4;
    for (let px = from; px <= to; px++, o += 4) {
      const dx = px + 0.5 - cx;
      const d2 = dx * dx + dy2;
      if (d2 >= reach2) continue;
      const a = d2 <= inner2 ? alpha : alpha * Math.min(1, reach - Math.sqrt(d2));
      blendPixel(data, o, red, green, blue, a);
    }
  }
}

/** Source over one pixel at o: colour at coverage-times-opacity a, in straight colour. */
function blendPixel(
  data: Uint8Array | Uint8ClampedArray,
  o: number,
  red: number,
  green: number,
  blue: number,
  a: number,
): void {
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

/** The shapes blendShape draws: a disc of the radius, or the square inscribed in it. */
export const ShapeKind = { Disc: 0, Square: 1 } as const;
export type ShapeKind = (typeof ShapeKind)[keyof typeof ShapeKind];

/**
 * Blends a disc or a square (the one inscribed in the disc, as tsParticles draws it) under a 2D
 * transform, as a canvas draws a path after setTransform(a, b, c, d, x, y): a point (u, v) of
 * the shape lands at (a·u + c·v + x, b·u + d·v + y). Rotation, tilt's skew and both together
 * give rotated squares and ellipses. Edges are anti-aliased by each pixel centre's distance to
 * the edge, taken in the shape's space and brought to pixels by the transform's gradient there.
 */
export function blendShape(
  frame: PixelFrame,
  kind: ShapeKind,
  x: number,
  y: number,
  radius: number,
  transform: { a: number; b: number; c: number; d: number },
  rgb: number,
  opacity: number,
): void {
  const { data, width, height, scale } = frame;
  const cx = x * scale;
  const cy = y * scale;
  const r = radius * scale;
  const { a, b, c, d } = transform;
  const det = a * d - b * c;
  // A shape turned edge-on covers no area.
  if (Math.abs(det) < 1e-6 || !(r > 0)) return;
  const half = kind === ShapeKind.Square ? r * Math.SQRT1_2 : r;
  const reachX =
    (kind === ShapeKind.Square ? half * (Math.abs(a) + Math.abs(c)) : r * Math.hypot(a, c)) + 1;
  const reachY =
    (kind === ShapeKind.Square ? half * (Math.abs(b) + Math.abs(d)) : r * Math.hypot(b, d)) + 1;
  const x0 = Math.max(0, Math.floor(cx - reachX));
  const x1 = Math.min(width - 1, Math.floor(cx + reachX));
  const y0 = Math.max(0, Math.floor(cy - reachY));
  const y1 = Math.min(height - 1, Math.floor(cy + reachY));
  if (x0 > x1 || y0 > y1) return;
  const red = (rgb >> 16) & 255;
  const green = (rgb >> 8) & 255;
  const blue = rgb & 255;
  // The inverse transform, pixel offset → shape space.
  const ia = d / det;
  const ib = -b / det;
  const ic = -c / det;
  const id = a / det;
  for (let py = y0; py <= y1; py++) {
    const dy = py + 0.5 - cy;
    let o = (py * width + x0) * 4;
    for (let px = x0; px <= x1; px++, o += 4) {
      const dx = px + 0.5 - cx;
      const u = ia * dx + ic * dy;
      const v = ib * dx + id * dy;
      // The edge's outward normal in shape space, and how far past the edge the point is.
      let nu: number;
      let nv: number;
      let past: number;
      if (kind === ShapeKind.Square) {
        const au = Math.abs(u);
        const av = Math.abs(v);
        if (au >= av) {
          nu = u < 0 ? -1 : 1;
          nv = 0;
          past = au - half;
        } else {
          nu = 0;
          nv = v < 0 ? -1 : 1;
          past = av - half;
        }
      } else {
        const q = Math.sqrt(u * u + v * v);
        if (q === 0) {
          nu = 1;
          nv = 0;
        } else {
          nu = u / q;
          nv = v / q;
        }
        past = q - half;
      }
      // Shape-space distance per pixel along the normal: the inverse transform's transpose
      // applied to the normal.
      const gx = ia * nu + ib * nv;
      const gy = ic * nu + id * nv;
      const coverage = 0.5 - past / Math.sqrt(gx * gx + gy * gy);
      if (coverage <= 0) continue;
      blendPixel(data, o, red, green, blue, opacity * Math.min(1, coverage));
    }
  }
}
