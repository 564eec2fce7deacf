import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database, Db } from './db/database';
import type { AudioUploads } from './repositories/audio-uploads';
import type { Ffmpeg } from './repositories/ffmpeg/ffmpeg';
import type { InstanceInfo } from './repositories/instance.repository';
import type { JobQueue } from './repositories/queue/job-queue';
import type { Mailer } from './repositories/mailer';
import type { Metrics } from './metrics';
import type { Storage } from './repositories/storage/storage';

/**
 * Everything services and jobs need, built once per process from the configuration by
 * boot/boot.ts. This file holds types only: it imports nothing at run time.
 */
export interface AppContext {
  config: Config;
  log: Logger;
  database: Database;
  db: Db;
  storage: Storage;
  mailer: Mailer;
  ffmpeg: Ffmpeg;
  queue: JobQueue;
  /** Resumable uploads in progress (tus): DATA_DIR/uploads, or the S3 bucket with S3 storage. */
  uploads: AudioUploads;
  instance: InstanceInfo;
  /** This process's Prometheus figures (GET /metrics). */
  metrics: Metrics;
  close(): Promise<void>;
}
