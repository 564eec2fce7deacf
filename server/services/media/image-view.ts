import type { ImageRow } from '../../repositories/images.repository';

/** The Image of spec section 3 as the API returns it, with the URLs of its files. */
export function imageView(image: ImageRow) {
  const base = `/api/user-workspace/image-file/${image.imageUuid}`;
  const done = image.status === 'COMPLETE';
  return {
    image_uuid: image.imageUuid,
    image_name: image.imageName,
    image_type: image.imageType,
    image_path: done ? `${base}/display` : null,
    thumbnail_path: done ? `${base}/thumb` : null,
    favorite: image.favorite,
    status: image.status,
    error: image.error,
    width: image.width,
    height: image.height,
    mimetype: image.mimetype,
    file_size: image.fileSize,
    created_at: image.createdAt.toISOString(),
  };
}
