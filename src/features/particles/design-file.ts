// Export and import of a design as a JSON file: tsParticles' options plus our audio mapping and
// background (core/particles/design.ts reads and checks it).
import { designFileText, parseDesign, type ParticleDesign } from '../../../core/particles/design';

export const DESIGN_FILE_MESSAGES = {
  unreadable: 'This file could not be read.',
} as const;

/** A file name for the design: its name in lower case, words joined by dashes. */
export function designFileName(design: ParticleDesign): string {
  const base = design.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'particles'}.particles.json`;
}

/** Starts the download of the design's file. */
export function downloadDesign(design: ParticleDesign): void {
  const blob = new Blob([designFileText(design)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = designFileName(design);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Reads a design file; the name for a plain tsParticles file is the file's own name. */
export async function readDesignFile(
  file: File,
): Promise<{ ok: true; design: ParticleDesign } | { ok: false; reason: string }> {
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, reason: DESIGN_FILE_MESSAGES.unreadable };
  }
  const name = file.name.replace(/(\.particles)?\.json$/i, '') || 'Imported particles';
  return parseDesign(text, name);
}
