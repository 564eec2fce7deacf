import { buildMetricsApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createContext, startJobRunner } from './boot/boot';
import { createLogger } from './logger';
import { runMain } from './main';

/** `npm run worker`: a process that only runs queued jobs, beside any number of others. */
async function startWorker() {
  const config = loadConfig();
  if (config.database.kind !== 'postgres') {
    throw new ConfigError(
      'A separate worker needs a shared PostgreSQL database: set DATABASE_URL. With the embedded database, `npm start` runs the job worker itself.',
    );
  }
  const log = createLogger(config, 'worker');
  const context = await createContext(config, log);
  const runner = await startJobRunner(context);
  const metrics = config.metricsPort === undefined ? null : await buildMetricsApp(context);
  if (metrics) {
    const address = await metrics.listen({ port: config.metricsPort, host: config.host });
    log.info({ address }, 'worker metrics served at /metrics');
  }
  return {
    async stop() {
      await metrics?.close();
      await runner.stop();
      await context.close();
    },
  };
}

await runMain(startWorker);
