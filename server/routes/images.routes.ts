import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IMAGE_TYPES, type ImageType } from '../../core/media/media-limits';
import { AppError } from '../errors/app-error';
import { requireUser } from '../http/authentication';
import { sendStoredObject } from '../http/send-stored-object';
import type { TempFile } from '../repositories/temp-files';
import { imageView } from '../services/media/image-view';
import {
  addImageFromFile,
  deleteImage,
  imageFileKey,
  imageStatuses,
  listUserImages,
  type MediaContext,
  receiveImageFile,
  renameImage,
  requireImage,
  toggleFavorite,
} from '../services/media/images.service';

const imageUuid = z.uuid({ error: 'image_uuid must be an image id' });
const imageType = z.enum(IMAGE_TYPES, {
  error: 'image_type must be album_art, logo or background',
});

/** Spec section 7, Images (/api/user-workspace), plus the files behind image_path. */
export function imagesRoutes(context: MediaContext) {
  return async (app: FastifyInstance) => {
    app.post('/api/user-workspace/add-image', async (request, reply) => {
      const user = await requireUser(request);
      if (!request.isMultipart())
        throw new AppError(415, 'UnsupportedMediaType', 'Send the image as multipart/form-data.');
      let file: TempFile | null = null;
      let fileName = '';
      const fields: Record<string, string> = {};
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (file) {
              part.file.resume();
              continue;
            }
            fileName = part.filename;
            file = await receiveImageFile(context, part.file);
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
        if (!file) throw new AppError(400, 'InvalidData', 'No image file was sent.');
        const type: ImageType = imageType
          .catch('background')
          .parse(fields.image_type ?? 'background');
        const name = (fields.image_name ?? fileName.replace(/\.[^.]*$/, '')).trim();
        const { image, duplicate } = await addImageFromFile(context, user, file, { name, type });
        return reply.status(duplicate ? 200 : 201).send({ image: imageView(image), duplicate });
      } finally {
        await file?.remove();
      }
    });

    app.get('/api/user-workspace/get-user-images', async (request) => {
      const user = await requireUser(request);
      return { images: await listUserImages(context, user) };
    });

    app.post('/api/user-workspace/get-compression-status', async (request) => {
      const user = await requireUser(request);
      const body = z.object({ image_uuid: imageUuid }).parse(request.body ?? {});
      const image = await requireImage(context, user, body.image_uuid);
      return {
        image_uuid: image.imageUuid,
        status: image.status,
        error: image.error,
        image: imageView(image),
      };
    });

    app.post('/api/user-workspace/batch-compression-status', async (request) => {
      const user = await requireUser(request);
      const body = z.object({ image_uuids: z.array(imageUuid).max(500) }).parse(request.body ?? {});
      return { statuses: await imageStatuses(context, user, body.image_uuids) };
    });

    app.put('/api/user-workspace/change-image-info', async (request) => {
      const user = await requireUser(request);
      const body = z
        .object({
          image_uuid: imageUuid,
          new_image_name: z.string().trim().min(1, 'A name is needed').max(200),
          new_image_type: imageType,
        })
        .parse(request.body ?? {});
      const image = await requireImage(context, user, body.image_uuid);
      return {
        image: imageView(
          await renameImage(context, image, body.new_image_name, body.new_image_type),
        ),
      };
    });

    app.put('/api/user-workspace/toggle-image-favorite', async (request) => {
      const user = await requireUser(request);
      const body = z.object({ image_uuid: imageUuid }).parse(request.body ?? {});
      const image = await toggleFavorite(
        context,
        await requireImage(context, user, body.image_uuid),
      );
      return { image_uuid: image.imageUuid, favorite: image.favorite };
    });

    app.delete('/api/user-workspace/delete-user-image', async (request) => {
      const user = await requireUser(request);
      const body = z.object({ image_uuid: imageUuid }).parse(request.body ?? {});
      await deleteImage(context, await requireImage(context, user, body.image_uuid));
      return { ok: true };
    });

    app.get<{ Params: { imageUuid: string; variant: string } }>(
      '/api/user-workspace/image-file/:imageUuid/:variant',
      async (request, reply) => {
        const user = await requireUser(request);
        const { imageUuid: id, variant } = request.params;
        const key = await imageFileKey(context, user, id, variant);
        // Files never change under a URL: a new picture gets a new id.
        reply.header('cache-control', 'private, max-age=31536000, immutable');
        return sendStoredObject(reply, context.storage, key, {
          contentType: 'image/webp',
          rangeHeader: request.headers.range,
        });
      },
    );
  };
}
