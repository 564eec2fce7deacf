import { and, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rateLimitCounters } from '../db/schema';

export interface Limit {
  /** Most hits allowed in one window. */
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters in the database, so every API process shares them. hit() counts one
 * attempt and says whether it is within the limit; a refused hit still counts.
 */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  async hit(
    key: string,
    limit: Limit,
    now = new Date(),
  ): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    const windowMs = limit.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    const [row] = await this.db
      .insert(rateLimitCounters)
      .values({ key, windowStart, hits: 1 })
      .onConflictDoUpdate({
        target: [rateLimitCounters.key, rateLimitCounters.windowStart],
        set: { hits: sql`${rateLimitCounters.hits} + 1` },
      })
      .returning({ hits: rateLimitCounters.hits });
    const retryAfterSeconds = Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000);
    return { allowed: (row?.hits ?? 1) <= limit.max, retryAfterSeconds };
  }

  /** Drops windows that ended long ago. */
  async prune(before: Date): Promise<void> {
    await this.db.delete(rateLimitCounters).where(and(lt(rateLimitCounters.windowStart, before)));
  }
}
