import { describe, expect, it } from 'vitest';
import { MEDIA_LIMITS } from '../../../../core/media/media-limits';
import {
  audioFileProblem,
  audioMimetypeOf,
  imageFileProblem,
  imageNameOf,
  matchingTrack,
  UPLOAD_MESSAGES,
} from '../../../../src/features/uploads/upload-checks';
import { uploadRowFor } from '../../../../src/features/uploads/queue-files';
import {
  uploadChunkBytes,
  backoffAfter,
  DEFAULT_CHUNK_BYTES,
} from '../../../../src/features/uploads/upload-settings';
import { SpeedMeter } from '../../../../src/features/uploads/upload-speed';
import { libraryAudio } from './upload-fixtures';

describe('checks before an upload is queued', () => {
  it('names the mimetype the server will probe, whatever the browser says', () => {
    expect(audioMimetypeOf('song.MP3', '')).toBe('audio/mpeg');
    expect(audioMimetypeOf('song.m4a', 'audio/x-m4a')).toBe('audio/mp4');
    expect(audioMimetypeOf('song.wav', 'audio/x-wav')).toBe('audio/wav');
    expect(audioMimetypeOf('song.opus', 'audio/opus')).toBe('audio/ogg');
    expect(audioMimetypeOf('song.aiff', '')).toBe('audio/aiff');
    expect(audioMimetypeOf('song.xyz', 'audio/x-xyz')).toBe('audio/x-xyz');
    expect(audioMimetypeOf('song', '')).toBe('application/octet-stream');
  });

  it('refuses audio that is not audio, empty, over 500 MB or over 3 hours', () => {
    const file = { name: 'a.mp3', size: 1000, type: 'audio/mpeg' };
    expect(audioFileProblem(file, 30)).toBeNull();
    expect(audioFileProblem({ ...file, name: 'a.txt', type: 'text/plain' }, null)).toBe(
      UPLOAD_MESSAGES.notAudio,
    );
    expect(audioFileProblem({ ...file, size: 0 }, null)).toBe(UPLOAD_MESSAGES.emptyFile);
    expect(audioFileProblem({ ...file, size: MEDIA_LIMITS.audioMaxBytes + 1 }, null)).toBe(
      'Audio files can be up to 500 MB.',
    );
    expect(audioFileProblem(file, 3 * 3600 + 1)).toBe('Audio can be up to 3 hours long.');
    expect(audioFileProblem(file, 3 * 3600)).toBeNull();
  });

  it('words a refused kind like the server does', () => {
    expect(UPLOAD_MESSAGES.notAudio).toBe(
      'This file is not audio we can use: upload MP3, WAV, FLAC, AAC/M4A, Ogg Vorbis, Opus or AIFF.',
    );
  });

  it('refuses images that are not JPEG, PNG, WebP or GIF, empty or over 30 MB', () => {
    const file = { name: 'a.jpg', size: 1000, type: 'image/jpeg' };
    expect(imageFileProblem(file)).toBeNull();
    expect(imageFileProblem({ ...file, name: 'a.bmp', type: 'image/bmp' })).toBe(
      UPLOAD_MESSAGES.notImage,
    );
    expect(imageFileProblem({ ...file, size: 30 * 1024 * 1024 + 1 })).toBe(
      'Images can be up to 30 MB.',
    );
  });

  it('names an image after its file, as the server does', () => {
    expect(imageNameOf('truchet-1000.jpg')).toBe('truchet-1000');
    expect(imageNameOf('.jpg')).toBe('Untitled image');
  });

  it('matches completed tracks by sanitised name, mimetype, size and duration within 1 s', () => {
    const upload = {
      fileName: 'My Song.mp3',
      mimetype: 'audio/mpeg',
      fileSize: 1000,
      durationSeconds: 30,
    };
    const done = libraryAudio({
      file_name: 'My_Song.mp3',
      core_processing_status: 'COMPLETE',
      duration_seconds: 30.9,
    });
    expect(matchingTrack(upload, [done])).toBe(done);
    expect(matchingTrack(upload, [{ ...done, duration_seconds: 31.5 }])).toBeNull();
    expect(matchingTrack(upload, [{ ...done, core_processing_status: 'PROGRESSING' }])).toBeNull();
    expect(matchingTrack({ ...upload, durationSeconds: null }, [done])).toBeNull();
  });

  it('queues a good file with what the draft needs; a refused one fails with its reason', () => {
    const file = new File([new Uint8Array(10)], 'Intro.m4a', { type: 'audio/x-m4a' });
    const row = uploadRowFor(file, 'audio', {
      ownerId: 'user-1',
      durationSeconds: 30,
      imageType: 'logo',
      now: 5,
      order: 0,
    });
    expect(row).toMatchObject({
      ownerId: 'user-1',
      state: 'queued',
      kind: 'audio',
      fileName: 'Intro.m4a',
      fileSize: 10,
      mimetype: 'audio/mp4',
      durationSeconds: 30,
      imageType: null,
    });
    expect(row.file).toBe(file);
    const empty = new File([], 'x.png', { type: 'image/png' });
    expect(
      uploadRowFor(empty, 'image', {
        ownerId: 'user-1',
        durationSeconds: null,
        imageType: 'logo',
        now: 5,
        order: 1,
      }),
    ).toMatchObject({
      state: 'failed',
      error: UPLOAD_MESSAGES.emptyFile,
      file: null,
      imageType: 'logo',
      imageName: 'x',
    });
  });
});

describe('upload settings', () => {
  it('uses 5 MiB chunks unless the device sets a sensible size', () => {
    const storage = (value: string | null) => ({ getItem: () => value });
    expect(uploadChunkBytes(storage(null))).toBe(DEFAULT_CHUNK_BYTES);
    expect(uploadChunkBytes(storage('262144'))).toBe(262_144);
    expect(uploadChunkBytes(storage('12'))).toBe(DEFAULT_CHUNK_BYTES);
    expect(uploadChunkBytes(storage('lots'))).toBe(DEFAULT_CHUNK_BYTES);
  });

  it('backs off 2, 5, 10, 30 then 60 s', () => {
    expect([1, 2, 3, 4, 5, 9].map(backoffAfter)).toEqual([
      2000, 5000, 10_000, 30_000, 60_000, 60_000,
    ]);
  });
});

describe('SpeedMeter', () => {
  it('smooths bytes per second over progress reports and restarts when the upload goes back', () => {
    const meter = new SpeedMeter();
    expect(meter.sample(0, 0)).toBeNull();
    expect(meter.sample(1000, 100)).toBeNull(); // too soon to tell
    expect(meter.sample(10_000, 1000)).toBe(10_000);
    const next = meter.sample(30_000, 2000)!;
    expect(next).toBeGreaterThan(10_000);
    expect(next).toBeLessThan(20_000);
    expect(meter.sample(5000, 2500)).toBeNull();
  });
});
