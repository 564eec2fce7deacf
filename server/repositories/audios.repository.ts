import { and, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { audios } from '../db/schema';

export type AudioRow = typeof audios.$inferSelect;
export type NewAudio = typeof audios.$inferInsert;

export const audioKeys = (userUuid: string, audioUuid: string) => {
  const folder = `users/${userUuid}/audio/${audioUuid}/`;
  return {
    folder,
    original: `${folder}original`,
    playable: `${folder}playable.m4a`,
    analysis: `${folder}analysis.wfa`,
    preview: `${folder}preview.m4a`,
  };
};

export async function insertAudio(db: Db, audio: NewAudio): Promise<AudioRow> {
  const [row] = await db.insert(audios).values(audio).returning();
  return row!;
}

export async function findAudio(
  db: Db,
  userUuid: string,
  audioUuid: string,
): Promise<AudioRow | undefined> {
  return (
    await db
      .select()
      .from(audios)
      .where(and(eq(audios.userUuid, userUuid), eq(audios.audioUuid, audioUuid)))
      .limit(1)
  )[0];
}

export async function findAudioById(db: Db, audioUuid: string): Promise<AudioRow | undefined> {
  return (await db.select().from(audios).where(eq(audios.audioUuid, audioUuid)).limit(1))[0];
}

export async function findAudioBySha(
  db: Db,
  userUuid: string,
  sha256: string,
): Promise<AudioRow | undefined> {
  return (
    await db
      .select()
      .from(audios)
      .where(and(eq(audios.userUuid, userUuid), eq(audios.sha256, sha256)))
      .limit(1)
  )[0];
}

/** The user's audio that finished uploading (drafts are the upload queue's business). */
export async function listAudios(db: Db, userUuid: string): Promise<AudioRow[]> {
  return db
    .select()
    .from(audios)
    .where(and(eq(audios.userUuid, userUuid), isNotNull(audios.coreProcessingStatus)))
    .orderBy(desc(audios.createdAt));
}

export async function completedAudios(db: Db, userUuid: string): Promise<AudioRow[]> {
  return db
    .select()
    .from(audios)
    .where(and(eq(audios.userUuid, userUuid), eq(audios.coreProcessingStatus, 'COMPLETE')));
}

export async function audiosByIds(db: Db, userUuid: string, ids: string[]): Promise<AudioRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(audios)
    .where(and(eq(audios.userUuid, userUuid), inArray(audios.audioUuid, ids)));
}

export async function updateAudio(
  db: Db,
  audioUuid: string,
  changes: Partial<NewAudio>,
): Promise<AudioRow | undefined> {
  const [row] = await db
    .update(audios)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(audios.audioUuid, audioUuid))
    .returning();
  return row;
}

/**
 * Drafts (audio still uploading, never finalised), the user's or everyone's, made before
 * `before` when given.
 */
export async function audioDrafts(
  db: Db,
  which: { userUuid?: string; before?: Date },
): Promise<Pick<AudioRow, 'audioUuid' | 'userUuid'>[]> {
  return db
    .select({ audioUuid: audios.audioUuid, userUuid: audios.userUuid })
    .from(audios)
    .where(
      and(
        isNull(audios.coreProcessingStatus),
        which.userUuid ? eq(audios.userUuid, which.userUuid) : undefined,
        which.before ? lt(audios.createdAt, which.before) : undefined,
      ),
    );
}

export async function deleteAudioRow(db: Db, audioUuid: string): Promise<void> {
  await db.delete(audios).where(eq(audios.audioUuid, audioUuid));
}
