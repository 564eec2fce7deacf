import { eq } from 'drizzle-orm';
import type { Lyrics } from '../../core/lyrics/lyrics';
import type { Db } from '../db/database';
import { audioLyrics } from '../db/schema';

export type LyricsRow = Omit<typeof audioLyrics.$inferSelect, 'lyrics' | 'conflict'> & {
  lyrics: Lyrics;
  conflict: { lyrics: Lyrics; updatedAt: string } | null;
};

export async function findLyrics(db: Db, audioUuid: string): Promise<LyricsRow | undefined> {
  const [row] = await db
    .select()
    .from(audioLyrics)
    .where(eq(audioLyrics.audioUuid, audioUuid))
    .limit(1);
  return row as LyricsRow | undefined;
}

/** Locks the track's lyrics row (inside a transaction) so two saves queue behind each other. */
export async function lockLyrics(tx: Db, audioUuid: string): Promise<LyricsRow | undefined> {
  const [row] = await tx
    .select()
    .from(audioLyrics)
    .where(eq(audioLyrics.audioUuid, audioUuid))
    .for('update')
    .limit(1);
  return row as LyricsRow | undefined;
}

export async function upsertLyrics(
  db: Db,
  row: Omit<LyricsRow, 'updatedAt'> & { updatedAt?: Date },
): Promise<LyricsRow> {
  const values = { ...row, updatedAt: row.updatedAt ?? new Date() };
  const [saved] = await db
    .insert(audioLyrics)
    .values(values)
    .onConflictDoUpdate({
      target: audioLyrics.audioUuid,
      set: {
        lyrics: values.lyrics,
        revision: values.revision,
        updatedAt: values.updatedAt,
        conflict: values.conflict,
      },
    })
    .returning();
  return saved as LyricsRow;
}

export async function deleteLyrics(db: Db, audioUuid: string): Promise<boolean> {
  const rows = await db
    .delete(audioLyrics)
    .where(eq(audioLyrics.audioUuid, audioUuid))
    .returning({ id: audioLyrics.audioUuid });
  return rows.length > 0;
}
