import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { SqlExecutor } from '../../db/database';
import { currentRequestId, withRequestId } from '../../request-id';
import type { JobName } from './job-names';
import type { JobSpec } from './job-spec';

export interface SendOptions {
  /** A fixed id makes queuing the same work twice a no-op. */
  id?: string;
  expireInSeconds?: number;
  startAfterSeconds?: number;
  /** Higher first: a job waits behind every job of a higher priority. */
  priority?: number;
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface JobInfo {
  id: string;
  name: string;
  state: JobState;
  retryCount: number;
  output: unknown;
  /** When its current (or last) attempt was taken by a worker; null before the first. */
  startedOn: Date | null;
}

/**
 * The job queue: pg-boss on the product's own database (PGlite or PostgreSQL), one pg-boss
 * queue per job name, with the retry policy and expiry of each job's spec. It takes the specs
 * (or the job registry) as a parameter and imports nothing from jobs/.
 */
export class JobQueue<TSpec extends JobSpec = JobSpec> {
  private readonly boss: PgBoss;
  private started = false;
  /** This process's pg-boss worker of each queue it works (work()). */
  private readonly localWorkers = new Map<JobName, string>();

  constructor(
    sql: SqlExecutor,
    private readonly registry: ReadonlyMap<JobName, TSpec>,
    private readonly config: Config['worker'],
    private readonly log: Logger,
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => sql.executeSql(text, values) },
      // Supervision fails jobs whose attempt outlived its expiry (a dead worker) so they retry.
      superviseIntervalSeconds: config.superviseIntervalSeconds,
      monitorIntervalSeconds: config.superviseIntervalSeconds,
      // Cron schedules are not used yet; leaving them off saves a polling loop per process.
      schedule: false,
    });
    this.boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
  }

  /** Installs or migrates pg-boss's tables and creates a queue for every job name. */
  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const definition of this.registry.values()) {
      const options = queueOptions(definition);
      const existing = await this.boss.getQueue(definition.name);
      if (existing) await this.boss.updateQueue(definition.name, options);
      else await this.boss.createQueue(definition.name, options);
    }
  }

  async send<TName extends JobName>(
    name: TName,
    data: object,
    options: SendOptions = {},
  ): Promise<string> {
    const definition = this.registry.get(name);
    if (!definition) throw new Error(`No job definition for ${name}`);
    definition.data.parse(data);
    const id = await this.boss.send(name, withJobRequestId(data), {
      ...(options.id ? { id: options.id } : {}),
      ...(options.expireInSeconds ? { expireInSeconds: options.expireInSeconds } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...(options.priority ? { priority: options.priority } : {}),
    });
    if (!id) throw new Error(`Job ${name} was not queued (a job with id ${options.id} exists)`);
    // When this process works the queue, its worker looks now instead of at its next poll
    // (QUEUE_POLL_INTERVAL_SECONDS): on one machine a job starts the moment it is queued.
    // Workers in other processes find it at their next poll, as before.
    const worker = this.localWorkers.get(name);
    if (worker && !options.startAfterSeconds) this.boss.notifyWorker(worker);
    return id;
  }

  async getJob(name: JobName, id: string): Promise<JobInfo | null> {
    const job = await this.boss.getJobById(name, id);
    if (!job) return null;
    return {
      id: job.id,
      name: job.name,
      state: job.state,
      retryCount: job.retryCount,
      output: job.output,
      startedOn: job.startedOn ? new Date(job.startedOn) : null,
    };
  }

  /**
   * Ends the job's running attempt as failed, as its expiry would: it is retried (after its
   * retry delay) while it has retries left. For an attempt whose worker is known to be gone.
   */
  async failAttempt(name: JobName, id: string, message: string): Promise<void> {
    await this.boss.fail(name, id, { message });
  }

  /**
   * Starts polling every queue and running its handler, one job at a time per name, each with
   * the id of the request that queued it as the current request id (request-id.ts).
   */
  async work(
    run: (
      definition: TSpec,
      job: { id: string; data: unknown; retryCount: number },
    ) => Promise<void>,
  ): Promise<void> {
    for (const definition of this.registry.values()) {
      const workerId = await this.boss.work(
        definition.name,
        { pollingIntervalSeconds: this.config.pollIntervalSeconds, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          // Run as part of the request that queued it: its logs, and jobs it queues, name it.
          const { data, requestId } = withoutJobRequestId(job.data);
          await withRequestId(requestId, () =>
            run(definition, { id: job.id, data, retryCount: job.retryCount }),
          );
        },
      );
      this.localWorkers.set(definition.name, workerId);
    }
  }

  /** Stops taking new jobs; the running ones go on (a graceful stop's first step). */
  async stopTaking(): Promise<void> {
    if (!this.started) return;
    this.localWorkers.clear();
    for (const name of this.registry.keys()) await this.boss.offWork(name);
  }

  /** Stops taking jobs, waits up to timeoutMs for running ones, then closes. */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.localWorkers.clear();
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
  }
}

/**
 * The request that queued a job is named beside its data, under a key the queue keeps for
 * itself: the handler's schema never sees it, and the job's logs name the request.
 */
const REQUEST_ID_KEY = 'requestId';

function withJobRequestId(data: object): object {
  if (REQUEST_ID_KEY in data) throw new Error(`Job data may not use the key ${REQUEST_ID_KEY}`);
  const requestId = currentRequestId();
  return requestId ? { ...data, [REQUEST_ID_KEY]: requestId } : data;
}

function withoutJobRequestId(data: unknown): { data: unknown; requestId: string | undefined } {
  if (typeof data !== 'object' || data === null || !(REQUEST_ID_KEY in data)) {
    return { data, requestId: undefined };
  }
  const { [REQUEST_ID_KEY]: requestId, ...rest } = data as Record<string, unknown>;
  return { data: rest, requestId: typeof requestId === 'string' ? requestId : undefined };
}

function queueOptions(definition: JobSpec) {
  return {
    retryLimit: definition.retry.limit,
    retryDelay: definition.retry.delaySeconds,
    retryBackoff: definition.retry.backoff,
    expireInSeconds: definition.expireInSeconds,
  };
}
