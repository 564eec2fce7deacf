import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './free-port';
import { TEST_HEALTH_TOKEN } from './health';
import { seedPgliteDatabase } from './pglite-template';

const root = path.resolve(import.meta.dirname, '../..');

export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts one of the product's entry points (server/main.ts, server/worker.ts) as its own process. */
export function startProcess(entry: string, env: Record<string, string>): RunningProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, entry)], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (output += text));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // A test that times out never reaches its clean-up: the process must not outlive the run.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));
  return {
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export interface RunningServer extends RunningProcess {
  url: string;
}

/** Starts the API server on a free port and waits until /api/health answers. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR;
  if (dataDir && !(env.DATABASE_URL ?? process.env.DATABASE_URL)) {
    await seedPgliteDatabase(path.join(dataDir, 'db'));
  }
  const server = startProcess('server/main.ts', {
    HOST: '127.0.0.1',
    PORT: String(port),
    HEALTH_TOKEN: TEST_HEALTH_TOKEN,
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`server exited with ${server.child.exitCode}:\n${server.output()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      await response.body?.cancel();
      return { ...server, url };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  await server.stop('SIGKILL');
  throw new Error(`server did not answer within 90 s:\n${server.output()}`);
}
