import { mkdir } from 'node:fs/promises';
import type { Logger } from 'pino';
import type { Config } from './config';
import { openDatabase, type Database, type Db } from './db/database';
import { allJobs } from './jobs/all-jobs';
import { buildJobRegistry, type JobRegistry } from './jobs/job-registry';
import { AudioUploads } from './repositories/audio-uploads';
import { resolveBinaries } from './repositories/ffmpeg/binaries';
import { Ffmpeg } from './repositories/ffmpeg/ffmpeg';
import { recordBoot, type InstanceInfo } from './repositories/instance.repository';
import { JobQueue } from './repositories/job-queue';
import { createMailer, type Mailer } from './repositories/mailer';
import { openStorage } from './repositories/storage/open-storage';
import type { Storage } from './repositories/storage/storage';

/** Everything services and jobs need, built once per process from the configuration. */
export interface AppContext {
  config: Config;
  log: Logger;
  database: Database;
  db: Db;
  storage: Storage;
  mailer: Mailer;
  ffmpeg: Ffmpeg;
  jobs: JobRegistry;
  queue: JobQueue;
  /** Resumable audio uploads in progress (tus), on local disk under DATA_DIR/uploads. */
  uploads: AudioUploads;
  instance: InstanceInfo;
  close(): Promise<void>;
}

export async function createContext(config: Config, log: Logger): Promise<AppContext> {
  // Checked before anything is opened: a job name without a handler stops the start.
  const jobs = buildJobRegistry(allJobs);
  await mkdir(config.dataDir, { recursive: true });
  await mkdir(config.tmpDir, { recursive: true });

  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    const instance = await recordBoot(database.db);
    const binaries = await resolveBinaries(config.ffmpeg);
    const ffmpeg = new Ffmpeg(binaries);
    const versions = await ffmpeg.status();
    if (versions.ok) {
      log.info({ ffmpeg: versions.ffmpeg, ffprobe: versions.ffprobe }, 'ffmpeg ready');
    } else {
      log.error(
        { ffmpeg: versions },
        'ffmpeg is not usable: renders and media processing will fail',
      );
    }
    const storage = openStorage(config.storage);
    const mailer = createMailer(config.mail, log);
    const uploads = await AudioUploads.open(config.dataDir);
    const queue = new JobQueue(database.sql, jobs, config.worker, log);
    await queue.start();
    log.info(
      {
        database: database.kind,
        storage: storage.kind,
        mail: mailer.kind,
        instanceId: instance.instanceId,
      },
      'context ready',
    );
    return {
      config,
      log,
      database,
      db: database.db,
      storage,
      mailer,
      ffmpeg,
      jobs,
      queue,
      uploads,
      instance,
      async close() {
        await queue.stop();
        mailer.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
