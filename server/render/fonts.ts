// Registers the bundled render fonts with @napi-rs/canvas under the names the templates use.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GlobalFonts } from '@napi-rs/canvas';
import { RENDER_FONTS } from '../../core/render/fonts';

/** public/fonts of the repository, found from this file (server/render/). */
export const RENDER_FONTS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../public/fonts',
);

let registered = false;

/** Registers every render font once per process; later calls do nothing. */
export function registerRenderFonts(): void {
  if (registered) return;
  for (const font of RENDER_FONTS) {
    const file = path.join(RENDER_FONTS_DIR, font.file);
    if (GlobalFonts.registerFromPath(file, font.family) === null) {
      throw new Error(`Render font ${file} could not be registered`);
    }
  }
  registered = true;
}
