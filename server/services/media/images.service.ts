import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import {
  ACCEPTED_IMAGE_FORMATS,
  MEDIA_LIMITS,
  type ImageType,
} from '../../../core/media/media-limits';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors/app-error';
import {
  deleteImageRow,
  findImage,
  imageKeys,
  imagesByIds,
  insertImage,
  listImages,
  updateImage,
  type ImageRow,
} from '../../repositories/images.repository';
import { writeTempFile, type TempFile } from '../../repositories/temp-files';
import type { UserRow } from '../../repositories/users.repository';
import { imageView } from './image-view';
import { countImageBytes } from './upload-metrics';

export type MediaContext = Pick<
  AppContext,
  'db' | 'storage' | 'queue' | 'config' | 'log' | 'ffmpeg' | 'metrics'
>;

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
const unsupportedImage = () =>
  new AppError(
    415,
    'UnsupportedImage',
    'This file is not a picture we can use: upload a JPEG, PNG, WebP or GIF image.',
  );

/** What sharp sees in a file, before anything is decoded: refuses non-images and pixel bombs. */
export async function inspectImage(
  file: string,
): Promise<{ format: string; width: number; height: number }> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupportedImage();
  }
  const format = meta.format ?? '';
  if (
    !(ACCEPTED_IMAGE_FORMATS as readonly string[]).includes(format) ||
    !meta.width ||
    !meta.height
  )
    throw unsupportedImage();
  const height = format === 'gif' && meta.pageHeight ? meta.pageHeight : meta.height;
  if (meta.width * height > MEDIA_LIMITS.imageMaxPixels) {
    throw new AppError(
      413,
      'ImageTooLarge',
      `This picture has more than ${MEDIA_LIMITS.imageMaxPixels / 1_000_000} megapixels.`,
    );
  }
  return { format, width: meta.width, height };
}

/**
 * Stores a new image from a file already on local disk and queues its processing. The same
 * content twice for one user answers the existing image.
 */
export async function addImageFromFile(
  context: MediaContext,
  user: Pick<UserRow, 'userUuid'>,
  file: { path: string; size: number; sha256: string },
  info: { name: string; type: ImageType },
): Promise<{ image: ImageRow; duplicate: boolean }> {
  const inspected = await inspectImage(file.path);
  const imageUuid = randomUUID();
  const keys = imageKeys(user.userUuid, imageUuid);
  const result = await insertImage(context.db, {
    imageUuid,
    userUuid: user.userUuid,
    imageName: info.name.slice(0, 200) || 'Untitled image',
    imageType: info.type,
    status: 'PENDING',
    originalKey: keys.original,
    mimetype: `image/${inspected.format}`,
    fileSize: file.size,
    width: inspected.width,
    height: inspected.height,
    sha256: file.sha256,
  });
  if (result.duplicate) return result;
  try {
    await context.storage.put(keys.original, createReadStream(file.path));
    await context.queue.send('process-image', { imageUuid }, { id: imageUuid });
  } catch (error) {
    await deleteImageRow(context.db, imageUuid);
    await context.storage.deletePrefix(keys.folder);
    throw error;
  }
  return result;
}

/** POST add-image: streams the multipart file to disk, checks it, stores it. */
export async function addImageUpload(
  context: MediaContext,
  user: UserRow,
  body: Readable,
  info: { name: string; type: ImageType },
): Promise<{ image: ImageRow; duplicate: boolean }> {
  const file = await writeTempFile(
    context.config.tmpDir,
    body,
    MEDIA_LIMITS.imageMaxBytes,
    `Images can be up to ${megabytes(MEDIA_LIMITS.imageMaxBytes)} MB.`,
  );
  try {
    return await addImageFromFile(context, user, file, info);
  } finally {
    await file.remove();
  }
}

export async function requireImage(
  context: MediaContext,
  user: UserRow,
  imageUuid: unknown,
): Promise<ImageRow> {
  const image =
    typeof imageUuid === 'string' && /^[0-9a-f-]{36}$/i.test(imageUuid)
      ? await findImage(context.db, user.userUuid, imageUuid)
      : undefined;
  if (!image) throw notFound('No such image.');
  return image;
}

export async function deleteImage(context: MediaContext, image: ImageRow): Promise<void> {
  await deleteImageRow(context.db, image.imageUuid);
  await context.storage.deletePrefix(imageKeys(image.userUuid, image.imageUuid).folder);
}

export async function renameImage(
  context: MediaContext,
  image: ImageRow,
  name: string,
  type: ImageType,
) {
  return (await updateImage(context.db, image.imageUuid, { imageName: name, imageType: type }))!;
}

export async function toggleFavorite(context: MediaContext, image: ImageRow) {
  return (await updateImage(context.db, image.imageUuid, { favorite: !image.favorite }))!;
}

/** An uploaded picture streamed to a temp file (refused past MEDIA_LIMITS.imageMaxBytes). */
export async function receiveImageFile(context: MediaContext, stream: Readable): Promise<TempFile> {
  const file = await writeTempFile(
    context.config.tmpDir,
    stream,
    MEDIA_LIMITS.imageMaxBytes,
    'Images can be up to 30 MB.',
  );
  countImageBytes(context, file.size);
  return file;
}

export async function listUserImages(context: MediaContext, user: UserRow) {
  return (await listImages(context.db, user.userUuid)).map(imageView);
}

export async function imageStatuses(context: MediaContext, user: UserRow, imageUuids: string[]) {
  const rows = await imagesByIds(context.db, user.userUuid, imageUuids);
  return rows.map((image) => ({
    image_uuid: image.imageUuid,
    status: image.status,
    image: imageView(image),
  }));
}

/** The stored key of a processed image's display copy or thumbnail, or 404. */
export async function imageFileKey(
  context: MediaContext,
  user: UserRow,
  imageUuid: string,
  variant: string,
): Promise<string> {
  const image = await requireImage(context, user, imageUuid);
  const keys = imageKeys(image.userUuid, image.imageUuid);
  if (variant !== 'display' && variant !== 'thumb') throw notFound('No such image file.');
  if (image.status !== 'COMPLETE') throw notFound('This image is still being processed.');
  return keys[variant];
}
