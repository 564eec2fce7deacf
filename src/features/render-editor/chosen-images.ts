// The pictures chosen for a template's slots, as the preview draws them and the render takes them.
import type { ImageSlot } from '../../../core/render/scene';
import type { PreviewImageSource, PreviewSceneInput } from '../../../workers/preview-api';
import type { LibraryImage } from '../../api/media';

export type ChosenImages = Partial<Record<ImageSlot, LibraryImage>>;

/** A library picture for the preview; none until it has a path to load. */
export function previewImage(image: LibraryImage | null | undefined): PreviewImageSource | null {
  return image?.image_path ? { key: image.image_uuid, source: image.image_path } : null;
}

/** The preview's picture of every slot of the template. */
export function previewImages(
  slots: readonly ImageSlot[],
  chosen: ChosenImages,
): PreviewSceneInput['images'] {
  return Object.fromEntries(slots.map((slot) => [slot, previewImage(chosen[slot])]));
}

/** The chosen pictures' ids, as the render's configuration takes them. */
export function chosenImageIds(chosen: ChosenImages): Partial<Record<ImageSlot, string | null>> {
  return Object.fromEntries(
    Object.entries(chosen).map(([slot, image]) => [slot, image?.image_uuid ?? null]),
  );
}
