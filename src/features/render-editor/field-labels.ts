// How the template fields read on screen.
import type { ColorField, ImageSlot, TextField } from '../../../core/render/scene';

export const COLOR_LABELS: Record<ColorField, string> = {
  color_border: 'Border',
  color_fill: 'Fill',
  spectrum_color: 'Spectrum',
  primary_color: 'Primary',
  secondary_color: 'Secondary',
  bar_border: 'Bar border',
  bar_fill: 'Bar fill',
  waveform_color: 'Waveform',
};

export const IMAGE_SLOT_LABELS: Record<ImageSlot, string> = {
  background: 'Background',
  logo: 'Logo',
  album_art: 'Album art',
};

export const TEXT_LABELS: Record<TextField, { label: string; placeholder: string }> = {
  title: { label: 'Title', placeholder: 'Song title' },
  artist: { label: 'Artist', placeholder: 'Artist name' },
};

/** Longest title or artist accepted (the server checks it too). */
export const TEXT_MAX_LENGTH = 100;
