import { createReadStream } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_LIMITS } from '../../../../core/media/media-limits';
import type { AppContext } from '../../../context';
import type { AudioRow } from '../../../repositories/audios.repository';
import { writeTempFile } from '../../../repositories/temp-files';
import { addImageFromFile } from '../images.service';

/** The cover embedded in the tags, added to the user's images; null when it is not usable. */
export async function attachCoverArt(
  context: AppContext,
  audio: AudioRow,
  picture: { data: Uint8Array },
  title: string | null,
) {
  const tmp = path.join(context.config.tmpDir, `cover-${audio.audioUuid}`);
  await writeFile(tmp, picture.data);
  try {
    const file = await writeTempFile(
      context.config.tmpDir,
      createReadStream(tmp),
      MEDIA_LIMITS.imageMaxBytes,
      'cover too large',
    );
    try {
      const { image } = await addImageFromFile(context, { userUuid: audio.userUuid }, file, {
        name: `${title ?? audio.fileName} (cover)`,
        type: 'album_art',
      });
      return image.imageUuid;
    } finally {
      await file.remove();
    }
  } catch (error) {
    context.log.warn(
      { err: error, audioUuid: audio.audioUuid },
      'embedded cover art was not usable',
    );
    return null;
  } finally {
    await rm(tmp, { force: true });
  }
}
