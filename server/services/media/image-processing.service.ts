import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { MEDIA_LIMITS } from '../../../core/media/media-limits';
import type { AppContext } from '../../context';
import { findImageById, imageKeys, updateImage } from '../../repositories/images.repository';
import type { JobRun } from '../../repositories/queue/job-spec';
import { downloadToTemp } from '../../repositories/temp-files';

const DISPLAY_MAX_SIDE = 2048;
const THUMB_SIDE = 400;

/**
 * Makes an image's display copy (longest side 2048 px, WebP) and square thumbnail. Both are
 * written under fixed names before the row says COMPLETE, so a retry simply writes them again.
 */
export async function processUploadedImage(
  { db, storage, config, log }: Pick<AppContext, 'db' | 'storage' | 'config' | 'log'>,
  imageUuid: string,
  run: JobRun,
): Promise<void> {
  const image = await findImageById(db, imageUuid);
  if (!image || image.status === 'COMPLETE') return; // deleted meanwhile, or already done
  const keys = imageKeys(image.userUuid, image.imageUuid);
  const original = await downloadToTemp(config.tmpDir, await storage.get(keys.original), 'image');
  const display = path.join(config.tmpDir, `display-${run.id}-${run.attempt}.webp`);
  const thumb = path.join(config.tmpDir, `thumb-${run.id}-${run.attempt}.webp`);
  try {
    // The pixel limit is checked before decoding: a decompression bomb never expands.
    const source = () =>
      sharp(original.path, { limitInputPixels: MEDIA_LIMITS.imageMaxPixels, pages: 1 }).rotate();
    const displayInfo = await source()
      .resize(DISPLAY_MAX_SIDE, DISPLAY_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toFile(display);
    await source()
      .resize(THUMB_SIDE, THUMB_SIDE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 75 })
      .toFile(thumb);
    await storage.put(keys.display, createReadStream(display));
    await storage.put(keys.thumb, createReadStream(thumb));
    await updateImage(db, imageUuid, {
      status: 'COMPLETE',
      error: null,
      displayKey: keys.display,
      thumbKey: keys.thumb,
      mimetype: 'image/webp',
      fileSize: displayInfo.size,
      width: displayInfo.width,
      height: displayInfo.height,
    });
  } catch (error) {
    log.warn({ err: error, imageUuid }, 'image processing failed');
    await updateImage(db, imageUuid, {
      status: 'FAILED',
      error: 'This picture could not be processed: it may be damaged.',
    });
    // A broken picture stays broken: mark it FAILED without spending retries on it.
  } finally {
    await original.remove();
    await rm(display, { force: true });
    await rm(thumb, { force: true });
  }
}
