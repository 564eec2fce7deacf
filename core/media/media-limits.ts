/** Upload limits, in one place for the server, the web app and docs/media-library.md. */
export const MEDIA_LIMITS = {
  audioMaxBytes: 500 * 1024 * 1024,
  audioMaxSeconds: 3 * 3600,
  imageMaxBytes: 30 * 1024 * 1024,
  imageMaxPixels: 100_000_000,
  /** A clip to loop: short by nature (a loop extension repeats it). */
  videoMaxBytes: 1024 * 1024 * 1024,
  videoMaxSeconds: 10 * 60,
  videoMaxPixels: 3840 * 2160,
} as const;

/** Video files accepted for the video library, by extension and mimetype; ffprobe decides. */
export const ACCEPTED_VIDEO = [
  { label: 'MP4', extensions: ['mp4', 'm4v'], mimetype: 'video/mp4' },
  { label: 'MOV', extensions: ['mov'], mimetype: 'video/quicktime' },
  { label: 'WebM', extensions: ['webm'], mimetype: 'video/webm' },
] as const;

/** Audio containers and codecs accepted, as ffprobe names them. The content decides, not the name. */
export const ACCEPTED_AUDIO = [
  { label: 'MP3', formats: ['mp3'], codecs: ['mp3'], mimetype: 'audio/mpeg' },
  {
    label: 'WAV',
    formats: ['wav'],
    codecs: ['pcm_s16le', 'pcm_s24le', 'pcm_s32le', 'pcm_f32le', 'pcm_u8', 'pcm_f64le'],
    mimetype: 'audio/wav',
  },
  { label: 'FLAC', formats: ['flac'], codecs: ['flac'], mimetype: 'audio/flac' },
  {
    label: 'AAC/M4A',
    formats: ['mov,mp4,m4a,3gp,3g2,mj2', 'aac'],
    codecs: ['aac', 'alac'],
    mimetype: 'audio/mp4',
  },
  { label: 'Ogg Vorbis', formats: ['ogg'], codecs: ['vorbis'], mimetype: 'audio/ogg' },
  {
    label: 'Opus',
    formats: ['ogg', 'webm', 'matroska,webm'],
    codecs: ['opus'],
    mimetype: 'audio/ogg',
  },
  {
    label: 'AIFF',
    formats: ['aiff'],
    codecs: ['pcm_s16be', 'pcm_s24be', 'pcm_s32be', 'pcm_f32be'],
    mimetype: 'audio/aiff',
  },
] as const;

/** Image formats accepted, as sharp names them; GIFs keep their first frame. */
export const ACCEPTED_IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'gif'] as const;

export const IMAGE_TYPES = ['album_art', 'logo', 'background'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** The accepted audio kind of a probed file, or null when the format or codec is not accepted. */
export function acceptedAudioKind(formatName: string, codecName: string) {
  return (
    ACCEPTED_AUDIO.find(
      (kind) =>
        (kind.formats as readonly string[]).includes(formatName) &&
        (kind.codecs as readonly string[]).includes(codecName),
    ) ?? null
  );
}
