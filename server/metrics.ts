import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Logger } from 'pino';

/** Jobs of one name in the queue right now: waiting (new or retrying), running, failed and kept. */
export interface JobCounts {
  job: string;
  waiting: number;
  running: number;
  failed: number;
}

type HttpLabels = 'method' | 'route' | 'status_class';

/**
 * What this process counts for Prometheus, in a registry of its own (never prom-client's global
 * one: the tests run several servers in one process). Counters and histograms count what this
 * process did; the queue gauges are read from the shared database at each scrape, so every
 * instance reports the same fleet-wide figure (aggregate them with max, not sum).
 */
export interface Metrics {
  readonly registry: Registry;
  readonly httpRequests: Counter<HttpLabels>;
  readonly httpRequestSeconds: Histogram<HttpLabels>;
  /** Wall time of a completed render divided by its video's length, by render kind. */
  readonly renderSecondsPerVideoSecond: Histogram<'kind'>;
  /** Upload bytes received: tus PATCH bodies (audio) and multipart pictures (image). */
  readonly uploadBytes: Counter<'kind'>;
  readonly webhookEvents: Counter<'provider' | 'outcome'>;
}

export interface MetricSources {
  /** Read at each scrape: the queue's jobs by name. */
  jobCounts(): Promise<JobCounts[]>;
  log: Logger;
}

export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  // Node's own figures keep their standard names (process_*, nodejs_*) so stock dashboards read them.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const collectErrors = new Counter({
    name: 'waveframe_metrics_collect_errors_total',
    help: 'Scrapes whose figures could not be read from the database, by source.',
    labelNames: ['source'],
    registers,
  });
  // One read of the queue serves both gauges of a scrape.
  let pending: Promise<JobCounts[] | null> | null = null;
  const readJobCounts = () => {
    pending ??= sources
      .jobCounts()
      .catch((error: unknown) => {
        collectErrors.inc({ source: 'queue' });
        sources.log.warn({ err: error }, 'queue figures could not be read for /metrics');
        return null;
      })
      .finally(() => setImmediate(() => (pending = null)));
    return pending;
  };

  new Gauge({
    name: 'waveframe_queue_jobs',
    help: 'Jobs in the queue by job name and state (waiting, running, failed and still kept), fleet-wide.',
    labelNames: ['job', 'state'],
    registers,
    async collect() {
      this.reset();
      for (const counts of (await readJobCounts()) ?? []) {
        this.set({ job: counts.job, state: 'waiting' }, counts.waiting);
        this.set({ job: counts.job, state: 'running' }, counts.running);
        this.set({ job: counts.job, state: 'failed' }, counts.failed);
      }
    },
  });
  new Gauge({
    name: 'waveframe_mail_queue_depth',
    help: 'Mails waiting to be sent (send-mail jobs new or retrying), fleet-wide.',
    registers,
    async collect() {
      this.reset();
      const counts = await readJobCounts();
      if (counts) this.set(counts.find((entry) => entry.job === 'send-mail')?.waiting ?? 0);
    },
  });

  return {
    registry,
    httpRequests: new Counter({
      name: 'waveframe_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status class.',
      labelNames: ['method', 'route', 'status_class'],
      registers,
    }),
    httpRequestSeconds: new Histogram({
      name: 'waveframe_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status class.',
      labelNames: ['method', 'route', 'status_class'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    renderSecondsPerVideoSecond: new Histogram({
      name: 'waveframe_render_seconds_per_video_second',
      help: 'Wall time of each completed render divided by the length of its video, by kind.',
      labelNames: ['kind'],
      buckets: [0.05, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 4, 8, 16],
      registers,
    }),
    uploadBytes: new Counter({
      name: 'waveframe_upload_bytes_received_total',
      help: 'Upload bytes received: audio (tus PATCH) and image (multipart).',
      labelNames: ['kind'],
      registers,
    }),
    webhookEvents: new Counter({
      name: 'waveframe_webhook_events_total',
      help: 'Payment webhook calls by provider and outcome.',
      labelNames: ['provider', 'outcome'],
      registers,
    }),
  };
}
