import { describe, expect, it } from 'vitest';
import {
  libraryOutcome,
  withLibraryOutcomes,
  type ProcessedItems,
} from '../../../../src/features/library/upload-outcomes';
import { libraryAudio, libraryImage, uploadRow } from '../uploads/upload-fixtures';

const processingTrack = uploadRow({ id: 't', state: 'processing', serverId: 'a1', file: null });
const processingImage = uploadRow({
  id: 'i',
  kind: 'image',
  state: 'processing',
  serverId: 'i1',
  file: null,
});

function items(
  audios: ReturnType<typeof libraryAudio>[] = [],
  images: ReturnType<typeof libraryImage>[] = [],
): ProcessedItems {
  return {
    audios: new Map(audios.map((audio) => [audio.audio_uuid, audio])),
    images: new Map(images.map((image) => [image.image_uuid, image])),
  };
}

describe("an upload's state once the server holds its bytes", () => {
  it('is done as soon as the library holds its track as complete', () => {
    const ready = items([libraryAudio({ audio_uuid: 'a1', core_processing_status: 'COMPLETE' })]);
    expect(libraryOutcome(processingTrack, ready)).toEqual({
      kind: 'audio',
      serverId: 'a1',
      outcome: 'COMPLETE',
      error: null,
    });
    const [shown] = withLibraryOutcomes([processingTrack], ready);
    expect(shown?.state).toBe('done');
    expect(shown?.error).toBeNull();
  });

  it("fails with the library's reason when processing failed", () => {
    const failed = items(
      [],
      [libraryImage({ image_uuid: 'i1', status: 'FAILED', error: 'Not a picture we can read.' })],
    );
    const [shown] = withLibraryOutcomes([processingImage], failed);
    expect(shown?.state).toBe('failed');
    expect(shown?.error).toBe('Not a picture we can read.');
  });

  it('stays processing while the library has the item unfinished, or not at all', () => {
    const unfinished = items(
      [libraryAudio({ audio_uuid: 'a1', core_processing_status: 'PROGRESSING' })],
      [libraryImage({ image_uuid: 'i1', status: 'PENDING' })],
    );
    expect(withLibraryOutcomes([processingTrack, processingImage], unfinished)).toEqual([
      processingTrack,
      processingImage,
    ]);
    expect(libraryOutcome(processingTrack, items())).toBeNull();
  });

  it('leaves uploads in every other state, and clips, as the queue has them', () => {
    const ready = items(
      [libraryAudio({ audio_uuid: 'a1', core_processing_status: 'COMPLETE' })],
      [libraryImage({ image_uuid: 'v1', status: 'COMPLETE' })],
    );
    const others = [
      uploadRow({ id: 'q', state: 'queued', serverId: 'a1' }),
      uploadRow({ id: 'u', state: 'uploading', serverId: 'a1' }),
      uploadRow({ id: 'f', state: 'failed', serverId: 'a1', error: 'no' }),
      uploadRow({ id: 'v', kind: 'video', state: 'processing', serverId: 'v1' }),
    ];
    expect(withLibraryOutcomes(others, ready)).toEqual(others);
  });
});
