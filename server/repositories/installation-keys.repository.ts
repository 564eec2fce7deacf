import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { installationKeys } from '../db/schema';

/**
 * Records the fingerprint of the key `name` unless one is recorded already; answers the
 * fingerprint the installation uses (the first instance's).
 */
export async function recordKeyFingerprint(
  db: Db,
  name: string,
  fingerprint: string,
): Promise<string> {
  await db.insert(installationKeys).values({ name, fingerprint }).onConflictDoNothing();
  const [row] = await db
    .select({ fingerprint: installationKeys.fingerprint })
    .from(installationKeys)
    .where(eq(installationKeys.name, name));
  if (!row) throw new Error(`installation_keys has no row for ${name} after inserting it`);
  return row.fingerprint;
}
