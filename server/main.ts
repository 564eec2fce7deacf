import type { Logger } from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createContext, startJobRunner } from './boot/boot';
import { DatabaseInUseError } from './db/database';
import { createLogger } from './logger';
import { appVersion } from './version';

/** Starts the API (and the job worker unless WORKER=off); returns a function that stops both. */
export async function startServer(log?: Logger): Promise<{ url: string; stop(): Promise<void> }> {
  const config = loadConfig();
  const logger = log ?? createLogger(config, 'api');
  const context = await createContext(config, logger);
  const runner = config.worker.inProcess ? await startJobRunner(context) : null;
  const app = await buildApp(context, appVersion);
  const address = await app.listen({ port: config.port, host: config.host });
  logger.info(
    { address, dataDir: config.dataDir, version: appVersion, node: process.version },
    'Waveframe is running',
  );
  return {
    url: address,
    async stop() {
      await app.close();
      await runner?.stop();
      await context.close();
    },
  };
}

/** Runs a process entry point: a clear message and exit code 1 on a bad configuration. */
export async function runMain(start: () => Promise<{ stop(): Promise<void> }>): Promise<void> {
  let running: { stop(): Promise<void> };
  try {
    running = await start();
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DatabaseInUseError)
      console.error(error.message);
    else
      console.error('Waveframe could not start:', error instanceof Error ? error.message : error);
    process.exit(1);
  }
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.error(`${signal} received, stopping`);
    try {
      await running.stop();
      process.exit(0);
    } catch (error) {
      console.error('Error while stopping:', error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runMain(() => startServer());
}
