// Draws the picture shown when a Waveframe page is shared (og:image, 1200x630): the logo, the
// name and what it does, over the brand gradient. Run with `npx tsx scripts/make-og-image.ts`;
// the result, public/og-image.png, is committed.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import sharp from 'sharp';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT_FILE = path.join(ROOT, 'public', 'og-image.png');
const WIDTH = 1200;
const HEIGHT = 630;

GlobalFonts.registerFromPath(path.join(ROOT, 'public/fonts/Inter-Bold.ttf'), 'Inter Bold');
GlobalFonts.registerFromPath(path.join(ROOT, 'public/fonts/Inter-Regular.ttf'), 'Inter');

// The logo of scripts/make-icons.ts, on its 64x64 grid.
const BAR_HEIGHTS = [8, 16, 25, 14, 21, 11, 6];

function roundedRect(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

function brandGradient(ctx: SKRSContext2D, x: number, y: number, size: number) {
  const gradient = ctx.createLinearGradient(x, y, x + size, y + size);
  gradient.addColorStop(0, '#7c4dff');
  gradient.addColorStop(1, '#d63d9b');
  return gradient;
}

/** The logo tile at (x, y), size pixels wide. */
function drawLogo(ctx: SKRSContext2D, x: number, y: number, size: number) {
  const unit = size / 64;
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(unit, unit);
  roundedRect(ctx, 0, 0, 64, 64, 15);
  ctx.fillStyle = brandGradient(ctx, 0, 0, 64);
  ctx.fill();
  roundedRect(ctx, 10.5, 14.5, 43, 35, 6);
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = 3;
  ctx.stroke();
  ctx.fillStyle = '#fff';
  BAR_HEIGHTS.forEach((height, i) => {
    roundedRect(ctx, 16.5 + i * 5, 32 - height / 2, 3, height, 1.5);
    ctx.fill();
  });
  ctx.restore();
}

/** A wide, faint waveform along the bottom edge. */
function drawWaveform(ctx: SKRSContext2D) {
  const bars = 60;
  const gap = WIDTH / bars;
  ctx.fillStyle = brandGradient(ctx, 0, HEIGHT - 200, WIDTH);
  ctx.globalAlpha = 0.35;
  for (let i = 0; i < bars; i++) {
    // A made-up but steady shape: two slow waves and a fast one.
    const level =
      0.45 + 0.3 * Math.sin(i / 4.2) * Math.cos(i / 9.5) + 0.18 * Math.sin(i * 1.7 + 0.5);
    const height = 16 + Math.min(1, Math.max(0, level)) * 84;
    roundedRect(ctx, i * gap + gap * 0.25, HEIGHT - 40 - height, gap * 0.5, height, gap * 0.25);
    ctx.fill();
  }
  ctx.globalAlpha = 1;
}

const canvas = createCanvas(WIDTH, HEIGHT);
const ctx = canvas.getContext('2d');

// The manifest's background colour, lit from the top left in the brand's violet.
ctx.fillStyle = '#120d24';
ctx.fillRect(0, 0, WIDTH, HEIGHT);
const glow = ctx.createRadialGradient(260, 120, 0, 260, 120, 900);
glow.addColorStop(0, 'rgba(124, 77, 255, 0.45)');
glow.addColorStop(1, 'rgba(124, 77, 255, 0)');
ctx.fillStyle = glow;
ctx.fillRect(0, 0, WIDTH, HEIGHT);

drawWaveform(ctx);
drawLogo(ctx, 96, 110, 150);

ctx.fillStyle = '#fff';
ctx.textBaseline = 'alphabetic';
ctx.font = '96px "Inter Bold"';
ctx.fillText('Waveframe', 280, 216);

ctx.font = '54px "Inter Bold"';
ctx.fillText('Turn your music into videos', 96, 350);
ctx.fillStyle = '#d9d2f5';
ctx.font = '32px Inter';
ctx.fillText('Audio-reactive visualizers, static music videos', 96, 412);
ctx.fillText('and Spotify Canvas loops, made from your tracks.', 96, 456);

// A palette PNG (dithered) is a fifth of the size of the full-colour one and looks the same.
const png = await sharp(canvas.toBuffer('image/png'))
  .png({ palette: true, quality: 90, compressionLevel: 9 })
  .toBuffer();
writeFileSync(OUT_FILE, png);
console.log(`Sharing picture written to ${OUT_FILE}`);
