import pino from 'pino';
import { createLogger } from '../../server/logger';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createContext } from '../../server/boot/boot';
import type { AppContext } from '../../server/context';
import { startJobRunner } from '../../server/boot/boot';
import { TEST_HEALTH_TOKEN } from './health';
import { seedPgliteDatabase } from './pglite-template';
import { makeTempDir } from './temp-dir';

export interface InProcessServer {
  url: string;
  context: AppContext;
  dataDir: string;
  routes: { method: string; url: string }[];
  /** Every log line the server wrote, as JSON text. */
  logLines: string[];
  stop(): Promise<void>;
}

/**
 * The real server (API, job worker, database, files) listening on a free port inside the test
 * process, so a test can also look into its database: for expiry, for what was stored.
 */
export async function startInProcessServer(
  env: Record<string, string> = {},
): Promise<InProcessServer> {
  const temp = await makeTempDir('server');
  const config = loadConfig({
    DATA_DIR: temp.dir,
    WEB_DIST_DIR: `${temp.dir}/no-web-build`,
    QUEUE_POLL_INTERVAL_SECONDS: '0.5',
    HEALTH_TOKEN: TEST_HEALTH_TOKEN,
    APP_URL: 'http://waveframe.test',
    // Each test client acts as the one proxy in front: the right-most X-Forwarded-For entry it
    // writes is its visitor's address, so per-address limits apply per simulated visitor.
    TRUST_PROXY: '1',
    // A test's server stops at once, aborting what runs (the grace is tested with real workers).
    WORKER_STOP_GRACE_SECONDS: '0',
    ...env,
  });
  if (config.database.kind === 'pglite') await seedPgliteDatabase(config.database.dir);
  const logLines: string[] = [];
  // The product's logger (request ids included), writing here instead of to stdout.
  const log = createLogger({ logLevel: 'debug' }, 'api', {
    write: (line: string) => void logLines.push(line),
  });
  const context = await createContext(config, log);
  const runner = await startJobRunner(context);
  const app = await buildApp(context, 'test');
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    context,
    dataDir: temp.dir,
    routes: app.registeredRoutes,
    logLines,
    async stop() {
      await app.close();
      await runner.stop();
      await context.close();
      await temp.remove();
    },
  };
}

/** The settings of a test whose workers are processes of their own: quick polls, quick expiry. */
export const SEPARATE_WORKERS_ENV = {
  QUEUE_POLL_INTERVAL_SECONDS: '0.5',
  QUEUE_SUPERVISE_INTERVAL_SECONDS: '1',
  APP_URL: 'http://waveframe.test',
  TRUST_PROXY: '1',
};

/**
 * The API alone (WORKER=off) in the test process, for tests whose jobs run in separate
 * `npm run worker` processes they start and kill themselves.
 */
export async function startApiAlone(
  env: Record<string, string> & { DATA_DIR: string },
): Promise<{ context: AppContext; url: string; close(): Promise<void> }> {
  const context = await createContext(
    loadConfig({ ...env, WORKER: 'off', WEB_DIST_DIR: `${env.DATA_DIR}/none` }),
    pino({ level: 'silent' }),
  );
  const app = await buildApp(context, 'test');
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return {
    context,
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    async close() {
      await app.close();
      await context.close();
    },
  };
}
