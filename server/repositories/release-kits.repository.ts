import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { KitPart } from '../../core/render/release-kit';
import type { Db } from '../db/database';
import { releaseKits, renders } from '../db/schema';
import type { RenderRow } from './renders.repository';

export type KitRow = Omit<typeof releaseKits.$inferSelect, 'parts'> & { parts: KitPart[] };
export type NewKit = Omit<typeof releaseKits.$inferInsert, 'parts'> & { parts: KitPart[] };

const asKit = (row: typeof releaseKits.$inferSelect): KitRow => row as KitRow;

export async function insertKit(db: Db, kit: NewKit): Promise<KitRow> {
  const [row] = await db.insert(releaseKits).values(kit).returning();
  return asKit(row!);
}

/** The user's kit, or undefined (another user's id looks like no id at all). */
export async function findUserKit(
  db: Db,
  userUuid: string,
  kitId: string,
): Promise<KitRow | undefined> {
  const [row] = await db
    .select()
    .from(releaseKits)
    .where(and(eq(releaseKits.id, kitId), eq(releaseKits.userUuid, userUuid)))
    .limit(1);
  return row && asKit(row);
}

export async function findKitById(db: Db, kitId: string): Promise<KitRow | undefined> {
  const [row] = await db.select().from(releaseKits).where(eq(releaseKits.id, kitId)).limit(1);
  return row && asKit(row);
}

export async function listUserKits(db: Db, userUuid: string): Promise<KitRow[]> {
  const rows = await db
    .select()
    .from(releaseKits)
    .where(eq(releaseKits.userUuid, userUuid))
    .orderBy(desc(releaseKits.createdAt), desc(releaseKits.id));
  return rows.map(asKit);
}

/** The renders that are parts of these kits (deleted ones are gone), oldest first. */
export async function kitRenders(db: Db, kitIds: readonly string[]): Promise<RenderRow[]> {
  if (kitIds.length === 0) return [];
  const rows = await db
    .select()
    .from(renders)
    .where(inArray(renders.kitId, [...kitIds]))
    .orderBy(asc(renders.createdAt), asc(renders.id));
  return rows as RenderRow[];
}

/** Marks the kit's mail as sent; answers whether this call did (only one ever does). */
export async function claimKitMail(db: Db, kitId: string): Promise<boolean> {
  const rows = await db
    .update(releaseKits)
    .set({ mailedAt: new Date() })
    .where(and(eq(releaseKits.id, kitId), isNull(releaseKits.mailedAt)))
    .returning({ id: releaseKits.id });
  return rows.length > 0;
}
