import { and, desc, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/database';
import { videos } from '../db/schema';

export type VideoRow = typeof videos.$inferSelect;
export type NewVideo = typeof videos.$inferInsert;

export const videoKeys = (userUuid: string, videoUuid: string) => {
  const folder = `users/${userUuid}/videos/${videoUuid}/`;
  return { folder, video: `${folder}video`, thumbnail: `${folder}thumbnail.jpg` };
};

export async function insertVideo(db: Db, video: NewVideo): Promise<VideoRow> {
  const [row] = await db.insert(videos).values(video).returning();
  return row!;
}

export async function findVideoById(db: Db, videoUuid: string): Promise<VideoRow | undefined> {
  const [row] = await db.select().from(videos).where(eq(videos.videoUuid, videoUuid)).limit(1);
  return row;
}

/** The user's video, or undefined (another user's id looks like no id at all). */
export async function findUserVideo(
  db: Db,
  userUuid: string,
  videoUuid: string,
): Promise<VideoRow | undefined> {
  const [row] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.videoUuid, videoUuid), eq(videos.userUuid, userUuid)))
    .limit(1);
  return row;
}

/** The user's videos whose upload has finished (drafts still receiving bytes are left out). */
export async function listUserVideos(db: Db, userUuid: string): Promise<VideoRow[]> {
  return db
    .select()
    .from(videos)
    .where(and(eq(videos.userUuid, userUuid), isNotNull(videos.processingStatus)))
    .orderBy(desc(videos.createdAt), desc(videos.videoUuid));
}

export async function userVideosByIds(
  db: Db,
  userUuid: string,
  ids: string[],
): Promise<VideoRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(videos)
    .where(and(eq(videos.userUuid, userUuid), inArray(videos.videoUuid, ids)));
}

export async function updateVideo(
  db: Db,
  videoUuid: string,
  changes: Partial<NewVideo>,
): Promise<VideoRow | undefined> {
  const [row] = await db
    .update(videos)
    .set(changes)
    .where(eq(videos.videoUuid, videoUuid))
    .returning();
  return row;
}

/** Deletes the user's video; answers the row as it was. */
export async function deleteUserVideo(
  db: Db,
  userUuid: string,
  videoUuid: string,
): Promise<VideoRow | undefined> {
  const [row] = await db
    .delete(videos)
    .where(and(eq(videos.videoUuid, videoUuid), eq(videos.userUuid, userUuid)))
    .returning();
  return row;
}

/** Videos whose retention policy deletes them and that were made before `before`. */
export async function expiredVideos(db: Db, before: Date): Promise<VideoRow[]> {
  return db
    .select()
    .from(videos)
    .where(and(eq(videos.retentionPolicy, 'delete-after-30-days'), lt(videos.createdAt, before)));
}

/**
 * Video uploads still receiving bytes (drafts, not a render's output), the user's or
 * everyone's, made before `before` when given.
 */
export async function videoDrafts(
  db: Db,
  which: { userUuid?: string; before?: Date },
): Promise<Pick<VideoRow, 'videoUuid' | 'userUuid'>[]> {
  return db
    .select({ videoUuid: videos.videoUuid, userUuid: videos.userUuid })
    .from(videos)
    .where(
      and(
        isNull(videos.processingStatus),
        eq(videos.isTaskOutput, false),
        which.userUuid ? eq(videos.userUuid, which.userUuid) : undefined,
        which.before ? lt(videos.createdAt, which.before) : undefined,
      ),
    );
}
