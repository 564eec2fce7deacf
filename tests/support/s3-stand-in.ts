import { spawn } from 'node:child_process';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { freePort } from './free-port';
import { waitFor } from './wait-for';

export interface S3StandIn {
  /** The S3_* settings of a server using a fresh bucket of this stand-in. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A local S3 server for tests whose code needs the multipart calls s3rver lacks (ListParts,
 * AbortMultipartUpload, which @tus/s3-store uses): moto's server (`moto_server`, Python's moto
 * package, or Debian's python3-moto), in memory, on a free port, with one bucket.
 */
export async function startS3StandIn(bucket = 'waveframe-test'): Promise<S3StandIn> {
  const port = await freePort();
  const child = spawn('moto_server', ['-H', '127.0.0.1', '-p', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  child.on('error', (error) => (output += `\n${error.message}`));
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'test',
    S3_SECRET_ACCESS_KEY: 'test',
    S3_FORCE_PATH_STYLE: 'true',
  };
  await waitFor(
    `moto_server on ${endpoint}`,
    async () => {
      if (child.exitCode !== null || output.includes('ENOENT'))
        throw new Error(`moto_server did not start:\n${output}`);
      return fetch(endpoint).then(
        (response) => response.body?.cancel().then(() => true),
        () => undefined,
      );
    },
    30_000,
    100,
  );
  const client = new S3Client({
    endpoint,
    region: env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  await client.send(new CreateBucketCommand({ Bucket: env.S3_BUCKET }));
  client.destroy();
  return {
    env,
    async stop() {
      process.off('exit', killOnExit);
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
