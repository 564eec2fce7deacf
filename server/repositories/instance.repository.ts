import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { serverInstance } from '../db/schema';

export interface InstanceInfo {
  instanceId: string;
  bootCount: number;
  createdAt: Date;
}

/** Counts a start of this installation, creating its identity on the very first one. */
export async function recordBoot(db: Db): Promise<InstanceInfo> {
  const [row] = await db
    .insert(serverInstance)
    .values({ singleton: true })
    .onConflictDoUpdate({
      target: serverInstance.singleton,
      set: { bootCount: sql`${serverInstance.bootCount} + 1`, lastBootAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('server_instance upsert returned no row');
  return { instanceId: row.instanceId, bootCount: row.bootCount, createdAt: row.createdAt };
}

export async function readInstance(db: Db): Promise<InstanceInfo | null> {
  const [row] = await db.select().from(serverInstance).limit(1);
  return row
    ? { instanceId: row.instanceId, bootCount: row.bootCount, createdAt: row.createdAt }
    : null;
}
