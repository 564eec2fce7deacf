import type { AppContext } from '../context';
import { pingDatabase } from '../db/database';
import { tooManyRequests } from '../errors/app-error';
import { readInstance } from '../repositories/instance.repository';
import { RateLimiter, type Limit } from '../repositories/rate-limiter';
import { probeStorage } from '../repositories/storage/open-storage';
import { safeEqual, sha256 } from '../secrets';
import { pluginsHealth } from './plugins/plugins.service';

/** What anyone may know: the process answers and its database does. */
export interface Liveness {
  ok: boolean;
}

/**
 * The public check, for load balancers and uptime monitors: one trivial query. It starts no
 * process, writes nothing and names no version or error, so asking it often costs nothing and
 * tells a stranger nothing.
 */
export async function checkLiveness(context: Pick<AppContext, 'database'>): Promise<Liveness> {
  try {
    await pingDatabase(context.database);
    return { ok: true };
  } catch {
    return { ok: false };
  }
}

/**
 * Each detailed report runs ffmpeg and ffprobe and writes to storage: a few a minute per address
 * is plenty for an operator and keeps anyone else from using it to load the machine.
 */
export const HEALTH_DETAILS_LIMIT: Limit = { max: 10, windowSeconds: 60 };

/** Whether an Authorization header carries the operator's token (HEALTH_TOKEN) as a bearer token. */
export function isOperatorToken(
  token: string | undefined,
  authorization: string | undefined,
): boolean {
  if (!token || !authorization) return false;
  const presented = /^Bearer +(\S+) *$/i.exec(authorization)?.[1];
  // Hashes first: safeEqual alone would answer a wrong length sooner than a wrong token.
  return presented !== undefined && safeEqual(sha256(presented), sha256(token));
}

/**
 * The detailed report for the operator, or null for anyone else (the route then answers as for a
 * path that does not exist). Every request counts against its address's limit, the operator's too.
 */
export async function healthDetailsFor(
  context: AppContext,
  version: string,
  caller: { address: string; authorization: string | undefined },
): Promise<HealthReport | null> {
  const limit = await new RateLimiter(context.db).hit(
    `health-details:${caller.address}`,
    HEALTH_DETAILS_LIMIT,
  );
  if (!limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
  if (!isOperatorToken(context.config.healthToken, caller.authorization)) return null;
  return checkHealth(context, version);
}

export interface HealthReport {
  status: 'ok' | 'degraded';
  version: string;
  uptimeSeconds: number;
  database: {
    ok: boolean;
    kind: 'pglite' | 'postgres';
    latencyMs?: number;
    instanceId?: string;
    bootCount?: number;
    error?: string;
  };
  storage: { ok: boolean; kind: 'local' | 's3'; error?: string };
  ffmpeg: {
    ok: boolean;
    ffmpegVersion: string | null;
    ffprobeVersion: string | null;
    /** Where the frame thread's encoder came from (binaries.ts). */
    frameEncoderFrom: 'FFMPEG_PATH' | 'PATH' | 'package' | null;
    error?: string;
  };
  worker: { inProcess: boolean };
  mail: { kind: 'smtp' | 'outbox' };
  /** The audio plugins folder: what is offered and what is left out (it never degrades health). */
  plugins: Awaited<ReturnType<typeof pluginsHealth>>;
}

const startedAt = Date.now();

/** Checks each part for real (a query, a stored object, ffmpeg -version); never throws. */
export async function checkHealth(context: AppContext, version: string): Promise<HealthReport> {
  const [database, storage, ffmpeg, plugins] = await Promise.all([
    checkDatabase(context),
    settle(() => probeStorage(context.storage)),
    context.ffmpeg.status(),
    pluginsHealth(context),
  ]);
  const ok = database.ok && storage.ok && ffmpeg.ok;
  return {
    status: ok ? 'ok' : 'degraded',
    version,
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    database,
    storage: { kind: context.storage.kind, ...storage },
    ffmpeg: {
      ok: ffmpeg.ok,
      ffmpegVersion: ffmpeg.ffmpeg.version,
      ffprobeVersion: ffmpeg.ffprobe.version,
      frameEncoderFrom: ffmpeg.frameEncoder.from,
      ...(ffmpeg.error ? { error: ffmpeg.error } : {}),
    },
    worker: { inProcess: context.config.worker.inProcess },
    mail: { kind: context.mailer.kind },
    plugins,
  };
}

async function checkDatabase(context: AppContext): Promise<HealthReport['database']> {
  const kind = context.database.kind;
  const started = performance.now();
  try {
    await pingDatabase(context.database);
    const latencyMs = Math.round((performance.now() - started) * 100) / 100;
    const instance = await readInstance(context.db);
    return {
      ok: true,
      kind,
      latencyMs,
      instanceId: instance?.instanceId,
      bootCount: instance?.bootCount,
    };
  } catch (error) {
    return { ok: false, kind, error: (error as Error).message };
  }
}

async function settle(check: () => Promise<void>): Promise<{ ok: boolean; error?: string }> {
  try {
    await check();
    return { ok: true };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}
