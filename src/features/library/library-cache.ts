// The library as this device last saw it from the server, in IndexedDB: shown at once (also
// offline), then refreshed.
import type { LibraryAudio, LibraryImage } from '../../api/media';
import { getDatabase, type WaveframeDatabase } from '../../db/database';
import type { LibraryMetaRow } from '../../db/media-tables';

export type ListKey = LibraryMetaRow['key'];

/** Newest first, as the server lists them. */
export function byNewest<T extends { created_at: string }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at));
}

export class LibraryCache {
  constructor(private readonly database: () => WaveframeDatabase = getDatabase) {}

  private get db(): WaveframeDatabase {
    return this.database();
  }

  async images(): Promise<LibraryImage[]> {
    return byNewest(await this.db.libraryImages.toArray());
  }

  async audios(): Promise<LibraryAudio[]> {
    return byNewest(await this.db.libraryAudios.toArray());
  }

  async audio(audioUuid: string): Promise<LibraryAudio | undefined> {
    return this.db.libraryAudios.get(audioUuid);
  }

  async fetchedAt(key: ListKey): Promise<number | null> {
    return (await this.db.libraryMeta.get(key))?.fetchedAt ?? null;
  }

  /** Replaces a whole list with the server's answer and notes when it was fetched. */
  async replaceImages(images: LibraryImage[], fetchedAt: number): Promise<void> {
    const db = this.db;
    await db.transaction('rw', db.libraryImages, db.libraryMeta, async () => {
      await db.libraryImages.clear();
      await db.libraryImages.bulkPut(images);
      await db.libraryMeta.put({ key: 'images', fetchedAt });
    });
  }

  async replaceAudios(audios: LibraryAudio[], fetchedAt: number): Promise<void> {
    const db = this.db;
    await db.transaction('rw', db.libraryAudios, db.libraryMeta, async () => {
      await db.libraryAudios.clear();
      await db.libraryAudios.bulkPut(audios);
      await db.libraryMeta.put({ key: 'audios', fetchedAt });
    });
  }

  async putImages(images: LibraryImage[]): Promise<void> {
    if (images.length) await this.db.libraryImages.bulkPut(images);
  }

  async putAudios(audios: LibraryAudio[]): Promise<void> {
    if (audios.length) await this.db.libraryAudios.bulkPut(audios);
  }

  async updateImage(imageUuid: string, changes: Partial<LibraryImage>): Promise<void> {
    await this.db.libraryImages.update(imageUuid, changes);
  }

  /** Removes images; tracks that used one as artwork lose it, as on the server. */
  async removeImages(imageUuids: string[]): Promise<void> {
    if (!imageUuids.length) return;
    const db = this.db;
    await db.transaction('rw', db.libraryImages, db.libraryAudios, async () => {
      await db.libraryImages.bulkDelete(imageUuids);
      await db.libraryAudios
        .filter(
          (audio) =>
            audio.artwork_image_uuid !== null && imageUuids.includes(audio.artwork_image_uuid),
        )
        .modify({ artwork_image_uuid: null, artwork_path: null });
    });
  }

  /** Removes tracks and their saved analyses. */
  async removeAudios(audioUuids: string[]): Promise<void> {
    if (!audioUuids.length) return;
    const db = this.db;
    await db.transaction('rw', db.libraryAudios, db.audioAnalyses, async () => {
      await db.libraryAudios.bulkDelete(audioUuids);
      await db.audioAnalyses.bulkDelete(audioUuids);
    });
  }

  async analysis(audioUuid: string): Promise<ArrayBuffer | null> {
    return (await this.db.audioAnalyses.get(audioUuid))?.bytes ?? null;
  }

  async saveAnalysis(audioUuid: string, bytes: ArrayBuffer): Promise<void> {
    await this.db.audioAnalyses.put({ audio_uuid: audioUuid, bytes });
  }
}
