// Default colours: every template declares all eight fields (spec 3), overriding the ones it uses.

import type { SceneColors } from '../scene';

const BASE: SceneColors = {
  color_border: '#ffffff',
  color_fill: '#111827',
  spectrum_color: '#4dabf7',
  primary_color: '#0b0b1a',
  secondary_color: '#2b1055',
  bar_border: '#ffffff',
  bar_fill: '#9775fa',
  waveform_color: '#ffffff',
};

export function palette(overrides: Partial<SceneColors>): SceneColors {
  return { ...BASE, ...overrides };
}
