// Makes the lyric fonts of the non-Latin scripts in public/fonts from their npm packages (run with
// `npx tsx scripts/make-lyrics-fonts.ts`; the results are committed, like the other render fonts).
// Arabic, Hebrew and Devanagari: @fontsource's per-script woff2 of Noto Sans, bold, copied as they
// are. Japanese: @fontsource slices Noto Sans JP into ~120 files by Unicode range, and a family
// made of many files does not fall back from one to the next on the server's Skia (only the first
// is used), so the whole bold TTF is cut down here to the kana, the Jōyō kanji, CJK punctuation,
// full-width forms and ASCII, as one woff2 (436 KB instead of 5.5 MB).
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const OUT_DIR = path.resolve(import.meta.dirname, '..', 'public', 'fonts');

const COPIED = [
  ['@fontsource/noto-sans-arabic', 'noto-sans-arabic-arabic-700-normal.woff2', 'NotoSansArabic'],
  ['@fontsource/noto-sans-hebrew', 'noto-sans-hebrew-hebrew-700-normal.woff2', 'NotoSansHebrew'],
  [
    '@fontsource/noto-sans-devanagari',
    'noto-sans-devanagari-devanagari-700-normal.woff2',
    'NotoSansDevanagari',
  ],
] as const;

function packageDir(name: string): string {
  return path.dirname(require.resolve(`${name}/package.json`));
}

function codePoints(from: number, to: number): string {
  let text = '';
  for (let c = from; c <= to; c++) text += String.fromCodePoint(c);
  return text;
}

for (const [pkg, file, name] of COPIED) {
  copyFileSync(path.join(packageDir(pkg), 'files', file), path.join(OUT_DIR, `${name}-Bold.woff2`));
  copyFileSync(path.join(packageDir(pkg), 'LICENSE'), path.join(OUT_DIR, `${name}-OFL.txt`));
}

const { kanji } = require('joyo-kanji') as { kanji: string[] };
const japanese =
  kanji.join('') +
  codePoints(0x3000, 0x30ff) + // CJK punctuation, hiragana, katakana
  codePoints(0xff00, 0xffef) + // full-width and half-width forms
  codePoints(0x20, 0x7e);
const jp = packageDir('@expo-google-fonts/noto-sans-jp');
const subset = await subsetFont(
  readFileSync(path.join(jp, '700Bold', 'NotoSansJP_700Bold.ttf')),
  japanese,
  {
    targetFormat: 'woff2',
  },
);
writeFileSync(path.join(OUT_DIR, 'NotoSansJP-Bold-Joyo.woff2'), subset);
copyFileSync(path.join(jp, 'LICENSE_FONT'), path.join(OUT_DIR, 'NotoSansJP-OFL.txt'));
