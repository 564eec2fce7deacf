import { describe, expect, test } from 'vitest';
import { sanitizeFileName } from '../../../core/media/file-names';
import { acceptedAudioKind, MEDIA_LIMITS } from '../../../core/media/media-limits';
import { uploadMatches } from '../../../core/media/upload-matching';

describe('sanitizeFileName (spec section 5)', () => {
  test.each([
    ['My Song.mp3', 'My_Song.mp3'],
    ['Café del Mar – Remix.wav', 'Caf_del_Mar__Remix.wav'],
    ['日本語.flac', '.flac'],
    ['CON', '_CON'],
    ['con.mp3', '_con.mp3'],
    ['PRN.wav', '_PRN.wav'],
    ['AUX', '_AUX'],
    ['nul.txt', '_nul.txt'],
    ['COM1.mp3', '_COM1.mp3'],
    ['LPT1', '_LPT1'],
    ['CONSOLE.mp3', 'CONSOLE.mp3'],
    ['com10.mp3', 'com10.mp3'],
    ['a  b', 'a__b'],
  ])('%s -> %s', (input, output) => expect(sanitizeFileName(input)).toBe(output));
});

describe('uploadMatches (spec section 5)', () => {
  const existing = {
    fileName: 'My Song.mp3',
    mimetype: 'audio/mpeg',
    fileSize: 1000,
    durationSeconds: 30,
  };
  test('same sanitised name, mimetype, size and a duration within 1 s match', () => {
    expect(
      uploadMatches({ ...existing, fileName: 'My_Song.mp3', durationSeconds: 30.9 }, existing),
    ).toBe(true);
    expect(uploadMatches({ ...existing, durationSeconds: 29 }, existing)).toBe(true);
  });
  test.each([
    [{ fileName: 'Other.mp3' }],
    [{ mimetype: 'audio/wav' }],
    [{ fileSize: 1001 }],
    [{ durationSeconds: 31.01 }],
    [{ durationSeconds: null }],
  ])('differing in %o does not match', (change) => {
    expect(uploadMatches({ ...existing, ...change }, existing)).toBe(false);
  });
});

describe('media limits', () => {
  test('are the ones docs/media-library.md states', () => {
    expect(MEDIA_LIMITS).toEqual({
      audioMaxBytes: 500 * 1024 * 1024,
      audioMaxSeconds: 10_800,
      imageMaxBytes: 30 * 1024 * 1024,
      imageMaxPixels: 100_000_000,
      videoMaxBytes: 1024 * 1024 * 1024,
      videoMaxSeconds: 600,
      videoMaxPixels: 3840 * 2160,
    });
  });
  test.each([
    ['mp3', 'mp3', 'MP3'],
    ['wav', 'pcm_s16le', 'WAV'],
    ['flac', 'flac', 'FLAC'],
    ['mov,mp4,m4a,3gp,3g2,mj2', 'aac', 'AAC/M4A'],
    ['ogg', 'vorbis', 'Ogg Vorbis'],
    ['ogg', 'opus', 'Opus'],
    ['aiff', 'pcm_s16be', 'AIFF'],
  ])('%s/%s is accepted as %s', (format, codec, label) =>
    expect(acceptedAudioKind(format, codec)?.label).toBe(label),
  );
  test.each([
    ['png_pipe', 'png'],
    ['mov,mp4,m4a,3gp,3g2,mj2', 'h264'],
    ['matroska,webm', 'vp9'],
  ])('%s/%s is refused', (format, codec) => expect(acceptedAudioKind(format, codec)).toBeNull());
});
