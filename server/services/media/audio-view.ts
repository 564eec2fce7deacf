import type { AudioRow } from '../../repositories/audios.repository';

/** The Audio of spec section 3 as the API returns it, with its tags and file URLs. */
export function audioView(audio: AudioRow) {
  const base = `/api/audio/file/${audio.audioUuid}`;
  const done = audio.coreProcessingStatus === 'COMPLETE';
  return {
    audio_uuid: audio.audioUuid,
    file_name: audio.fileName,
    file_size: audio.fileSize,
    mimetype: audio.mimetype,
    duration_seconds: audio.durationSeconds,
    core_processing_status: audio.coreProcessingStatus,
    marketplace_processing_status: audio.marketplaceProcessingStatus,
    marketplace_asset: audio.marketplaceAsset,
    title: audio.title,
    artists: audio.artists,
    album: audio.album,
    artwork_image_uuid: audio.artworkImageUuid,
    artwork_path: audio.artworkImageUuid
      ? `/api/user-workspace/image-file/${audio.artworkImageUuid}/display`
      : null,
    playable_path: done ? `${base}/playable` : null,
    analysis_path: done ? `${base}/analysis` : null,
    error: audio.error,
    created_at: audio.createdAt.toISOString(),
  };
}
