import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { images } from '../db/schema';

export type ImageRow = typeof images.$inferSelect;
export type NewImage = typeof images.$inferInsert;

export const imageKeys = (userUuid: string, imageUuid: string) => {
  const folder = `users/${userUuid}/images/${imageUuid}/`;
  return {
    folder,
    original: `${folder}original`,
    display: `${folder}display.webp`,
    thumb: `${folder}thumb.webp`,
  };
};

/** Inserts the image unless this user already has the same content; answers the row either way. */
export async function insertImage(
  db: Db,
  image: NewImage,
): Promise<{ image: ImageRow; duplicate: boolean }> {
  const [inserted] = await db
    .insert(images)
    .values(image)
    .onConflictDoNothing({ target: [images.userUuid, images.sha256] })
    .returning();
  if (inserted) return { image: inserted, duplicate: false };
  const [existing] = await db
    .select()
    .from(images)
    .where(and(eq(images.userUuid, image.userUuid), eq(images.sha256, image.sha256)));
  return { image: existing!, duplicate: true };
}

export async function findImage(
  db: Db,
  userUuid: string,
  imageUuid: string,
): Promise<ImageRow | undefined> {
  return (
    await db
      .select()
      .from(images)
      .where(and(eq(images.userUuid, userUuid), eq(images.imageUuid, imageUuid)))
      .limit(1)
  )[0];
}

export async function findImageById(db: Db, imageUuid: string): Promise<ImageRow | undefined> {
  return (await db.select().from(images).where(eq(images.imageUuid, imageUuid)).limit(1))[0];
}

export async function listImages(db: Db, userUuid: string): Promise<ImageRow[]> {
  return db
    .select()
    .from(images)
    .where(eq(images.userUuid, userUuid))
    .orderBy(desc(images.createdAt));
}

export async function imagesByIds(db: Db, userUuid: string, ids: string[]): Promise<ImageRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(images)
    .where(and(eq(images.userUuid, userUuid), inArray(images.imageUuid, ids)));
}

export async function updateImage(
  db: Db,
  imageUuid: string,
  changes: Partial<NewImage>,
): Promise<ImageRow | undefined> {
  const [row] = await db
    .update(images)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(images.imageUuid, imageUuid))
    .returning();
  return row;
}

export async function deleteImageRow(db: Db, imageUuid: string): Promise<void> {
  await db.delete(images).where(eq(images.imageUuid, imageUuid));
}
