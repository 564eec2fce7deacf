// Artwork for the galleries' demo scenes, painted here rather than shipped as files: an album
// cover, a wide background and a logo mark, the same on every visit (seeded).
import type { Canvas2D, RenderHost } from '../core/render/canvas-2d';
import { seededRandom } from '../core/render/random';
import type { SceneImages } from '../core/render/scene';

function blobs(ctx: Canvas2D, width: number, height: number, seed: number, colors: string[]) {
  const random = seededRandom(seed);
  for (let i = 0; i < 7; i++) {
    const x = random() * width;
    const y = random() * height;
    const r = (0.25 + random() * 0.45) * Math.max(width, height);
    const gradient = ctx.createRadialGradient(x, y, 0, x, y, r);
    gradient.addColorStop(0, colors[i % colors.length]!);
    gradient.addColorStop(1, 'rgba(0,0,0,0)');
    ctx.globalAlpha = 0.75;
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, width, height);
  }
  ctx.globalAlpha = 1;
}

function paintCover(ctx: Canvas2D, size: number) {
  const base = ctx.createLinearGradient(0, 0, size, size);
  base.addColorStop(0, '#1b1040');
  base.addColorStop(1, '#0b2a3c');
  ctx.fillStyle = base;
  ctx.fillRect(0, 0, size, size);
  blobs(ctx, size, size, 7, ['#ff6b6b', '#845ef7', '#22b8cf', '#fcc419']);
  // A sun of concentric arcs over a horizon.
  const cx = size / 2;
  const cy = size * 0.56;
  ctx.strokeStyle = 'rgba(255,255,255,0.85)';
  for (let i = 0; i < 9; i++) {
    ctx.lineWidth = size * (0.004 + i * 0.0012);
    ctx.beginPath();
    ctx.arc(cx, cy, size * (0.08 + i * 0.035), Math.PI, 2 * Math.PI);
    ctx.stroke();
  }
  ctx.fillStyle = 'rgba(10,8,30,0.55)';
  ctx.fillRect(0, cy, size, size - cy);
  ctx.strokeStyle = 'rgba(255,255,255,0.35)';
  ctx.lineWidth = size * 0.002;
  for (let i = 1; i < 9; i++) {
    const y = cy + (size - cy) * (i / 9) ** 1.6;
    ctx.beginPath();
    ctx.moveTo(0, y);
    ctx.lineTo(size, y);
    ctx.stroke();
  }
}

function paintBackground(ctx: Canvas2D, width: number, height: number) {
  const base = ctx.createLinearGradient(0, 0, width, height);
  base.addColorStop(0, '#0d0a26');
  base.addColorStop(1, '#10263a');
  ctx.fillStyle = base;
  ctx.fillRect(0, 0, width, height);
  blobs(ctx, width, height, 11, ['#5f3dc4', '#1098ad', '#e64980', '#3b5bdb']);
  const random = seededRandom(5);
  ctx.fillStyle = 'rgba(255,255,255,0.7)';
  for (let i = 0; i < 160; i++) {
    const r = random() * 1.8 + 0.4;
    ctx.beginPath();
    ctx.arc(random() * width, random() * height, r, 0, 2 * Math.PI);
    ctx.fill();
  }
}

function paintLogo(ctx: Canvas2D, size: number) {
  ctx.clearRect(0, 0, size, size);
  const c = size / 2;
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = size * 0.05;
  ctx.beginPath();
  ctx.arc(c, c, size * 0.42, 0, 2 * Math.PI);
  ctx.stroke();
  ctx.lineCap = 'round';
  ctx.lineWidth = size * 0.06;
  const heights = [0.12, 0.26, 0.4, 0.22, 0.32, 0.14];
  heights.forEach((h, i) => {
    const x = c + (i - (heights.length - 1) / 2) * size * 0.1;
    ctx.beginPath();
    ctx.moveTo(x, c - h * size * 0.5);
    ctx.lineTo(x, c + h * size * 0.5);
    ctx.stroke();
  });
}

/** The demo scene's images for every slot. */
export function demoArtwork(host: RenderHost): Required<SceneImages> {
  const cover = host.createSurface(1000, 1000);
  paintCover(cover.ctx, 1000);
  const background = host.createSurface(1920, 1080);
  paintBackground(background.ctx, 1920, 1080);
  const logo = host.createSurface(512, 512);
  paintLogo(logo.ctx, 512);
  return { album_art: cover.image, background: background.image, logo: logo.image };
}
