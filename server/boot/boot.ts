import { mkdir } from 'node:fs/promises';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { openDatabase } from '../db/database';
import { allJobs } from '../jobs/all-jobs';
import { buildJobRegistry, type JobRegistry } from '../jobs/job-registry';
import { runJobs } from '../jobs/job-runner';
import { scheduleRetention } from '../services/media/videos.service';
import { refuseForeignKeys } from '../services/installation/shared-keys';
import { scheduleRenderSlotsSweep } from '../services/renders/render-slots-sweep.service';
import { scheduleLapsedPlans } from '../services/payments/plan-lapse';
import { AudioUploads } from '../repositories/audio-uploads';
import { resolveBinaries } from '../repositories/ffmpeg/binaries';
import { Ffmpeg } from '../repositories/ffmpeg/ffmpeg';
import { recordBoot } from '../repositories/instance.repository';
import { createMailer } from '../repositories/mailer';
import { refuseOpenSecretFiles } from '../repositories/secret-file';
import { JobQueue } from '../repositories/queue/job-queue';
import { countJobs } from '../repositories/queue/job-counts';
import { createMetrics } from '../metrics';
import { openStorage } from '../repositories/storage/open-storage';

/**
 * The wiring of a process (API, worker, tests): the one place that builds the context and the
 * job registry. main.ts and worker.ts start from here; nothing below imports it.
 */

/** Every job name paired with its one handler; throws when a name has none or several. */
export const jobRegistry = (): JobRegistry => buildJobRegistry(allJobs);

export async function createContext(config: Config, log: Logger): Promise<AppContext> {
  // Checked before anything is opened: a job name without a handler stops the start.
  const jobs = jobRegistry();
  await mkdir(config.dataDir, { recursive: true });
  await mkdir(config.tmpDir, { recursive: true });
  // Their mode is checked before anything is opened (refuseForeignKeys reads them below).
  await refuseOpenSecretFiles([
    ...(config.tokenKey.base64 ? [] : [config.tokenKey.keyFile]),
    ...(config.plugins.licencePrivateKey ? [] : [config.plugins.licenceKeyFile]),
  ]);

  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    const instance = await recordBoot(database.db);
    // Before anything is served: an instance whose keys differ from the others' stops here.
    await refuseForeignKeys(database.db, config);
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
    const uploads = await AudioUploads.open(config, log);
    const queue = new JobQueue(database.sql, jobs, config.worker, log);
    await database.oneAtATime(() => queue.start());
    const metrics = createMetrics({ jobCounts: () => countJobs(database.sql), log });
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
      queue,
      uploads,
      instance,
      metrics,
      async close() {
        await queue.stop();
        mailer.close();
        await uploads.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}

/**
 * Runs queued jobs in this process with every handler of the product until stop() is called.
 * A stop aborts running handlers through their signal; pg-boss then retries what did not finish.
 */
export async function startJobRunner(context: AppContext): Promise<{ stop(): Promise<void> }> {
  const runner = await runJobs(context, jobRegistry());
  // The daily jobs chain themselves; a start queues the next run if nobody has yet.
  await scheduleRetention(context);
  await scheduleLapsedPlans(context);
  // So does the sweep of render slots, every RENDER_SLOTS_SWEEP_SECONDS.
  await scheduleRenderSlotsSweep(context);
  return runner;
}
