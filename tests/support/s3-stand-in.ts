import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { freePort } from './free-port';
import { waitFor } from './wait-for';

export interface S3StandIn {
  /** The S3_* settings of a server using a fresh bucket of this stand-in. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** The multipart calls a stand-in can be told to refuse, as an S3 server without them does. */
export type RefusableOperation = 'ListParts' | 'ListMultipartUploads' | 'AbortMultipartUpload';

type MultipartCall = RefusableOperation | 'CreateMultipartUpload';

/** Which multipart call an S3 request is (path-style: /bucket/key?uploadId=…), if one of these. */
function multipartCall(method: string, url: URL): MultipartCall | undefined {
  const onObject = url.pathname.split('/').filter(Boolean).length > 1;
  if (onObject && url.searchParams.has('uploadId')) {
    if (method === 'GET') return 'ListParts';
    if (method === 'DELETE') return 'AbortMultipartUpload';
  }
  if (onObject && method === 'POST' && url.searchParams.has('uploads'))
    return 'CreateMultipartUpload';
  if (!onObject && method === 'GET' && url.searchParams.has('uploads'))
    return 'ListMultipartUploads';
  return undefined;
}

/** An answer of moto's, whole, for the front to read (and rewrite) before passing it on. */
function readAll(answer: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    answer.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    answer.on('end', () => resolve(text));
    answer.on('error', reject);
  });
}

/**
 * The front every request to the stand-in goes through, which makes moto answer as S3 does
 * where it does not: moto lists every multipart upload as begun on 2010-11-10, so the front
 * notes when each began (from CreateMultipartUpload's answer) and lists that time. It answers
 * the `refused` calls as s3rver does (405 MethodNotAllowed, S3's XML error) and passes every
 * other request through unchanged.
 */
async function s3Front(
  target: string,
  refused: ReadonlySet<RefusableOperation>,
): Promise<{ endpoint: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const initiated = new Map<string, string>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', target);
    const call = multipartCall(request.method ?? 'GET', url);
    if (call && call !== 'CreateMultipartUpload' && refused.has(call)) {
      request.resume();
      response.writeHead(405, { 'content-type': 'application/xml' });
      response.end(
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>MethodNotAllowed</Code>' +
          '<Message>The specified method is not allowed against this resource.</Message>' +
          `<Method>${request.method}</Method><ResourceType>OBJECT</ResourceType>` +
          '<RequestId>stand-in</RequestId></Error>',
      );
      return;
    }
    const began = new Date().toISOString();
    const forwarded = http.request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        const status = answer.statusCode ?? 502;
        if (call !== 'CreateMultipartUpload' && call !== 'ListMultipartUploads') {
          response.writeHead(status, answer.headers);
          answer.pipe(response);
          return;
        }
        void readAll(answer).then(
          (text) => {
            let body = text;
            if (call === 'CreateMultipartUpload') {
              const uploadId = /<UploadId>([^<]*)<\/UploadId>/.exec(text)?.[1];
              if (uploadId) initiated.set(uploadId, began);
            } else {
              body = text.replace(/<Upload>[\s\S]*?<\/Upload>/g, (upload) => {
                const uploadId = /<UploadId>([^<]*)<\/UploadId>/.exec(upload)?.[1] ?? '';
                const time = initiated.get(uploadId);
                return time
                  ? upload.replace(
                      /<Initiated>[^<]*<\/Initiated>/,
                      `<Initiated>${time}</Initiated>`,
                    )
                  : upload;
              });
            }
            const headers = { ...answer.headers };
            delete headers['transfer-encoding'];
            headers['content-length'] = String(Buffer.byteLength(body));
            response.writeHead(status, headers);
            response.end(body);
          },
          () => response.destroy(),
        );
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A local S3 server for tests whose code needs the multipart calls s3rver lacks (ListParts,
 * AbortMultipartUpload, which @tus/s3-store uses): moto's server (`moto_server`, Python's moto
 * package, or Debian's python3-moto), in memory, on a free port, with one bucket, behind a front
 * of ours (s3Front). `refuse` names calls it answers as an S3 server without them would (405
 * MethodNotAllowed, as s3rver does).
 */
export async function startS3StandIn(
  bucket = 'waveframe-test',
  options: { refuse?: RefusableOperation[] } = {},
): Promise<S3StandIn> {
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
  const front = await s3Front(endpoint, new Set(options.refuse));
  env.S3_ENDPOINT = front.endpoint;
  return {
    env,
    async stop() {
      await front.close();
      process.off('exit', killOnExit);
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
