import { and, desc, eq, inArray } from 'drizzle-orm';
import type { UploadConfig } from '../../core/publishing/upload-config';
import type { Db } from '../db/database';
import { youtubeChannels, youtubeUploads } from '../db/schema';

export type ChannelRow = typeof youtubeChannels.$inferSelect;
export type UploadRow = Omit<typeof youtubeUploads.$inferSelect, 'uploadConfig'> & {
  uploadConfig: UploadConfig;
};
export type NewUpload = Omit<typeof youtubeUploads.$inferInsert, 'uploadConfig'> & {
  uploadConfig: UploadConfig;
};

// Linked channels

export async function listUserChannels(db: Db, userUuid: string): Promise<ChannelRow[]> {
  return db
    .select()
    .from(youtubeChannels)
    .where(eq(youtubeChannels.userUuid, userUuid))
    .orderBy(youtubeChannels.createdAt);
}

/** The user's link to a channel, or undefined (another user's channel looks like none). */
export async function findUserChannel(
  db: Db,
  userUuid: string,
  channelId: string,
): Promise<ChannelRow | undefined> {
  const [row] = await db
    .select()
    .from(youtubeChannels)
    .where(and(eq(youtubeChannels.userUuid, userUuid), eq(youtubeChannels.channelId, channelId)))
    .limit(1);
  return row;
}

export async function findChannelRow(db: Db, id: string): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(youtubeChannels).where(eq(youtubeChannels.id, id)).limit(1);
  return row;
}

/** Links the channel, or renews the grant of a channel the user had linked already. */
export async function upsertChannel(
  db: Db,
  channel: Pick<
    ChannelRow,
    'userUuid' | 'channelId' | 'channelTitle' | 'pictureUrl' | 'refreshTokenSealed' | 'scopes'
  >,
): Promise<ChannelRow> {
  const [row] = await db
    .insert(youtubeChannels)
    .values(channel)
    .onConflictDoUpdate({
      target: [youtubeChannels.userUuid, youtubeChannels.channelId],
      set: {
        channelTitle: channel.channelTitle,
        pictureUrl: channel.pictureUrl,
        refreshTokenSealed: channel.refreshTokenSealed,
        scopes: channel.scopes,
        updatedAt: new Date(),
      },
    })
    .returning();
  return row!;
}

export async function deleteChannelRow(db: Db, id: string): Promise<void> {
  await db.delete(youtubeChannels).where(eq(youtubeChannels.id, id));
}

// Upload entries

export async function insertUpload(db: Db, upload: NewUpload): Promise<UploadRow> {
  const [row] = await db.insert(youtubeUploads).values(upload).returning();
  return row as UploadRow;
}

export async function findUploadById(db: Db, entryUuid: string): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(youtubeUploads)
    .where(eq(youtubeUploads.entryUuid, entryUuid))
    .limit(1);
  return row as UploadRow | undefined;
}

export async function findUserUpload(
  db: Db,
  userUuid: string,
  entryUuid: string,
): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(youtubeUploads)
    .where(and(eq(youtubeUploads.entryUuid, entryUuid), eq(youtubeUploads.userUuid, userUuid)))
    .limit(1);
  return row as UploadRow | undefined;
}

export async function listUserUploads(db: Db, userUuid: string): Promise<UploadRow[]> {
  return (await db
    .select()
    .from(youtubeUploads)
    .where(eq(youtubeUploads.userUuid, userUuid))
    .orderBy(desc(youtubeUploads.createdAt))
    .limit(200)) as UploadRow[];
}

export async function userUploadsByIds(
  db: Db,
  userUuid: string,
  entryUuids: string[],
): Promise<UploadRow[]> {
  if (entryUuids.length === 0) return [];
  return (await db
    .select()
    .from(youtubeUploads)
    .where(
      and(eq(youtubeUploads.userUuid, userUuid), inArray(youtubeUploads.entryUuid, entryUuids)),
    )) as UploadRow[];
}

/** The newest upload of each of these videos, by video id. */
export async function latestUploadsOf(
  db: Db,
  userUuid: string,
  targetUuids: string[],
): Promise<Map<string, UploadRow>> {
  const latest = new Map<string, UploadRow>();
  if (targetUuids.length === 0) return latest;
  const rows = (await db
    .select()
    .from(youtubeUploads)
    .where(
      and(eq(youtubeUploads.userUuid, userUuid), inArray(youtubeUploads.targetUuid, targetUuids)),
    )
    .orderBy(desc(youtubeUploads.createdAt))) as UploadRow[];
  for (const row of rows) if (!latest.has(row.targetUuid)) latest.set(row.targetUuid, row);
  return latest;
}

/** Changes a PENDING entry; answers false when it is no longer pending (or gone). */
export async function updatePendingUpload(
  db: Db,
  entryUuid: string,
  changes: Partial<Omit<NewUpload, 'entryUuid' | 'userUuid'>>,
): Promise<boolean> {
  const rows = await db
    .update(youtubeUploads)
    .set(changes)
    .where(and(eq(youtubeUploads.entryUuid, entryUuid), eq(youtubeUploads.status, 'PENDING')))
    .returning({ entryUuid: youtubeUploads.entryUuid });
  return rows.length > 0;
}

export async function updateUpload(
  db: Db,
  entryUuid: string,
  changes: Partial<Omit<NewUpload, 'entryUuid' | 'userUuid'>>,
): Promise<void> {
  await db.update(youtubeUploads).set(changes).where(eq(youtubeUploads.entryUuid, entryUuid));
}
