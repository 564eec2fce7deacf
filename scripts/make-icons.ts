// Draws the Waveframe logo (a waveform in a frame) as SVG and renders the PWA icons from it.
// Run with `npx tsx scripts/make-icons.ts`; the results live in public/icons/ and are committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const OUT_DIR = path.resolve(import.meta.dirname, '..', 'public', 'icons');

const BAR_HEIGHTS = [8, 16, 25, 14, 21, 11, 6];

/** The mark on a 64x64 grid: a frame with a waveform inside, in white. */
function mark(): string {
  const bars = BAR_HEIGHTS.map((height, i) => {
    const x = 16.5 + i * 5;
    const y = 32 - height / 2;
    return `<rect x="${x}" y="${y}" width="3" height="${height}" rx="1.5"/>`;
  }).join('');
  return (
    `<rect x="10.5" y="14.5" width="43" height="35" rx="6" fill="none" stroke="#fff" stroke-width="3"/>` +
    `<g fill="#fff">${bars}</g>`
  );
}

const gradient =
  '<defs><linearGradient id="wf-bg" x1="0" y1="0" x2="1" y2="1">' +
  '<stop offset="0" stop-color="#7c4dff"/><stop offset="1" stop-color="#d63d9b"/>' +
  '</linearGradient></defs>';

/** The logo: a rounded tile with the mark. */
function logoSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}` +
    `<rect width="64" height="64" rx="15" fill="url(#wf-bg)"/>${mark()}</svg>\n`
  );
}

/** A maskable icon: full-bleed background, the mark inside the central safe zone. */
function maskableSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}` +
    `<rect width="64" height="64" fill="url(#wf-bg)"/>` +
    `<g transform="translate(6.4 6.4) scale(0.8)">${mark()}</g></svg>\n`
  );
}

async function renderPng(svg: string, size: number, file: string): Promise<void> {
  await sharp(Buffer.from(svg), { density: 72 * (size / 64) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(OUT_DIR, file));
}

mkdirSync(OUT_DIR, { recursive: true });
writeFileSync(path.join(OUT_DIR, 'logo.svg'), logoSvg());
await renderPng(logoSvg(), 192, 'icon-192.png');
await renderPng(logoSvg(), 512, 'icon-512.png');
await renderPng(maskableSvg(), 512, 'icon-maskable-512.png');
await renderPng(logoSvg(), 180, 'apple-touch-icon.png');
await renderPng(logoSvg(), 32, 'favicon-32.png');
console.log(`Icons written to ${OUT_DIR}`);
