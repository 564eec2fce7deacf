// More than one machine, on one machine (issue 25): two API instances (WORKER=off) and two
// `npm run worker` processes on one PostgreSQL database and one S3 bucket (moto's S3 server), behind nginx
// doing plain round robin, as the compose.yaml of the deployment recipe runs them. The API test
// (tests/api/topology.test.ts) and `npm run bench -- scale` both start it from here.
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { S3Storage } from '../../server/repositories/storage/s3-storage';
import type { ApiClient } from './api-client';
import { freePort } from './free-port';
import { readOutbox, type OutboxMail } from './outbox';
import {
  startProcess,
  startServer,
  type RunningProcess,
  type RunningServer,
} from './server-process';
import { makeTempDir } from './temp-dir';
import { startS3StandIn } from './s3-stand-in';
import { API_SETTINGS, ROLE_ENTRIES, sharedSettings, TOPOLOGY_BUCKET } from './topology-settings';
import { uploadRouting, type UploadRouting } from './tus-across-instances';
import { waitFor } from './wait-for';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface ApiInstance extends RunningServer {
  dataDir: string;
}

export interface WorkerProcess extends RunningProcess {
  dataDir: string;
}

export interface Topology {
  /** nginx in front of the instances: what clients use. */
  proxyUrl: string;
  instances: ApiInstance[];
  workers: WorkerProcess[];
  /** The settings every instance and worker shares (database, bucket, keys, providers). */
  env: Record<string, string>;
  /** The bucket, read with the product's own S3 client. */
  storage: S3Storage;
  /** Keys of the bucket under a prefix. */
  listObjects(prefix: string): Promise<string[]>;
  /** Mails to `to` in any worker's outbox (whichever worker ran the send-mail job). */
  mailsTo(to: string): Promise<OutboxMail[]>;
  waitForMail(to: string, count?: number): Promise<OutboxMail>;
  /** nginx's access log: one line a request, `<status> <upstream addresses> <method> <uri>`. */
  accessLog(): Promise<string[]>;
  /** Everything the workers wrote (JSON log lines), for counting what each job did. */
  workerOutput(): string;
  stop(): Promise<void>;
}

export interface TopologyOptions {
  /** A fresh PostgreSQL database (tests/support/postgres.ts). */
  databaseUrl: string;
  /** More settings for every instance and worker (providers' stand-ins, chunk sizes). */
  env?: Record<string, string>;
  instances?: number;
  workers?: number;
}

/** nginx.conf for round robin over `upstreams`, run unprivileged from `dir`. */
export function nginxConfig(dir: string, port: number, upstreams: string[]): string {
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  log_format upstreams '$status $upstream_addr $request_method $request_uri';
  access_log ${dir}/access.log upstreams;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream waveframe_api {
    # Plain round robin, no stickiness: any instance answers any request. An instance that
    # refuses connections is left alone for a few seconds.
${upstreams.map((address) => `    server ${address} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    # Uploads stream through to the instance (tus chunks, pictures): no size cap here, the API
    # sets its own limits, and nothing is buffered to disk first.
    client_max_body_size 0;
    proxy_request_buffering off;
    location / {
      proxy_pass http://waveframe_api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # An instance that is down: try the other one. nginx never resends a POST or PATCH that
      # reached an instance (non_idempotent is not listed), only requests that never got there.
      proxy_next_upstream error timeout http_502;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 300s;
      proxy_send_timeout 300s;
    }
  }
}
`;
}

interface RunningNginx {
  url: string;
  dir: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

async function startNginx(dir: string, port: number, upstreams: string[]): Promise<RunningNginx> {
  // Readable by nginx's worker user when the harness runs as root (nginx then drops to nobody).
  await chmod(dir, 0o755);
  const conf = path.join(dir, 'nginx.conf');
  await writeFile(conf, nginxConfig(dir, port, upstreams));
  const child = spawn(NGINX, ['-c', conf, '-p', dir, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (output += text));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));
  return {
    url: `http://127.0.0.1:${port}`,
    dir,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Starts the whole topology and waits until /api/health answers through the proxy. */
export async function startTopology(options: TopologyOptions): Promise<Topology> {
  const temp = await makeTempDir('topology');
  const stoppers: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    for (const stop of stoppers.reverse()) await stop().catch(() => {});
    await temp.remove();
  };
  try {
    const s3 = await startS3StandIn(TOPOLOGY_BUCKET);
    stoppers.push(() => s3.stop());

    const proxyPort = await freePort();
    const proxyUrl = `http://127.0.0.1:${proxyPort}`;
    const env: Record<string, string> = {
      ...sharedSettings({
        databaseUrl: options.databaseUrl,
        s3Endpoint: s3.env.S3_ENDPOINT!,
        proxyUrl,
      }),
      ...options.env,
    };

    const roleDir = async (name: string) => {
      const dir = path.join(temp.dir, name);
      await mkdir(dir);
      return dir;
    };
    const instanceCount = options.instances ?? 2;
    const workerCount = options.workers ?? 2;
    const instanceDirs = await Promise.all(
      Array.from({ length: instanceCount }, (_, i) => roleDir(`api-${i + 1}`)),
    );
    const workerDirs = await Promise.all(
      Array.from({ length: workerCount }, (_, i) => roleDir(`worker-${i + 1}`)),
    );
    // The migrations take an advisory lock: every process may start at once.
    const instances: ApiInstance[] = [];
    const workers: WorkerProcess[] = [];
    const starting = instanceDirs.map(async (dataDir) => {
      const instance = await startServer({
        ...env,
        ...API_SETTINGS,
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      });
      stoppers.push(() => instance.stop('SIGKILL'));
      instances.push({ ...instance, dataDir });
    });
    for (const dataDir of workerDirs) {
      const worker = startProcess(ROLE_ENTRIES.worker, { ...env, DATA_DIR: dataDir });
      stoppers.push(() => worker.stop('SIGKILL'));
      workers.push({ ...worker, dataDir });
    }
    await Promise.all(starting);
    instances.sort((a, b) => instanceDirs.indexOf(a.dataDir) - instanceDirs.indexOf(b.dataDir));
    for (const worker of workers) {
      await waitFor(
        `worker in ${worker.dataDir} to start`,
        async () => {
          if (worker.child.exitCode !== null)
            throw new Error(`worker exited with ${worker.child.exitCode}:\n${worker.output()}`);
          return worker.output().includes('job runner started') ? true : undefined;
        },
        90_000,
      );
    }

    const nginx = await startNginx(
      await roleDir('nginx'),
      proxyPort,
      instances.map((instance) => new URL(instance.url).host),
    );
    stoppers.push(() => nginx.stop());
    await waitFor(
      'the proxy to answer /api/health',
      async () => {
        if (nginx.child.exitCode !== null)
          throw new Error(`nginx exited with ${nginx.child.exitCode}:\n${nginx.output()}`);
        const answer = await fetch(`${proxyUrl}/api/health`).catch(() => null);
        await answer?.body?.cancel();
        return answer?.status === 200 ? true : undefined;
      },
      30_000,
      100,
    );

    const storageConfig = {
      kind: 's3' as const,
      bucket: TOPOLOGY_BUCKET,
      endpoint: s3.env.S3_ENDPOINT,
      region: 'us-east-1',
      accessKeyId: 'test',
      secretAccessKey: 'test',
      forcePathStyle: true,
    };
    const storage = new S3Storage(storageConfig);
    const s3Client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.env.S3_ENDPOINT,
      forcePathStyle: true,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    });
    stoppers.push(async () => {
      storage.destroy();
      s3Client.destroy();
    });

    const mailsTo = async (to: string) =>
      (await Promise.all(workers.map((worker) => readOutbox(worker.dataDir, to)))).flat();

    return {
      proxyUrl,
      instances,
      workers,
      env,
      storage,
      async listObjects(prefix) {
        const answer = await s3Client.send(
          new ListObjectsV2Command({ Bucket: TOPOLOGY_BUCKET, Prefix: prefix }),
        );
        return (answer.Contents ?? []).map((object) => object.Key!).sort();
      },
      mailsTo,
      waitForMail: (to, count = 1) =>
        waitFor(`mail #${count} to ${to}`, async () => (await mailsTo(to))[count - 1], 30_000, 100),
      async accessLog() {
        const text = await readFile(path.join(nginx.dir, 'access.log'), 'utf8').catch(() => '');
        return text.split('\n').filter(Boolean);
      },
      workerOutput: () => workers.map((worker) => worker.output()).join('\n'),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * Where an upload's calls go: `api` for the draft and finalize, `targets` for the tus chunks.
 * Alternating: through the proxy, and the chunks to each instance in turn. One instance: all of
 * it to the first (see tus-across-instances.ts).
 */
export function uploadTargets(
  topology: Topology,
  api: ApiClient,
  routing: UploadRouting = uploadRouting(),
): { api: ApiClient; targets: string[] } {
  if (routing === 'one-instance') {
    const only = topology.instances[0]!.url;
    return { api: api.at(only), targets: [only] };
  }
  return { api, targets: topology.instances.map((instance) => instance.url) };
}
