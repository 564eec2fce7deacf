import type { AppContext } from '../context';
import { pingDatabase } from '../db/database';
import { readInstance } from '../repositories/instance.repository';
import { probeStorage } from '../repositories/storage/open-storage';
import { pluginsHealth } from './plugins/plugins.service';

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
