// What every process of the topology is started with, apart from the processes themselves:
// tests/support/topology.ts starts them, tests/unit/deploy-recipe.test.ts holds the Dockerfile
// and compose.yaml to the same entry points and settings.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { TEST_HEALTH_TOKEN } from './health';

/** The entry point of each role: the API (with the web app) and the job worker. */
export const ROLE_ENTRIES = { api: 'server/main.ts', worker: 'server/worker.ts' } as const;

/** The bucket the instances share. */
export const TOPOLOGY_BUCKET = 'waveframe-media';

/** Settings that only make a test quicker or louder; a deployment keeps their defaults. */
export const TEST_ONLY_SETTINGS = [
  'QUEUE_POLL_INTERVAL_SECONDS',
  'QUEUE_SUPERVISE_INTERVAL_SECONDS',
  'LOG_LEVEL',
];

/** An Ed25519 key in PKCS#8 PEM: every instance must sign plugin licences with the same one. */
function licenceKey(): string {
  return generateKeyPairSync('ed25519')
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
}

/** The settings every API instance and worker of one topology shares. */
export function sharedSettings(where: {
  databaseUrl: string;
  s3Endpoint: string;
  proxyUrl: string;
}): Record<string, string> {
  return {
    DATABASE_URL: where.databaseUrl,
    S3_BUCKET: TOPOLOGY_BUCKET,
    S3_ENDPOINT: where.s3Endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'test',
    S3_SECRET_ACCESS_KEY: 'test',
    S3_FORCE_PATH_STYLE: 'true',
    // Keys each process would otherwise make for itself in its DATA_DIR: shared, they agree.
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    PLUGIN_LICENCE_PRIVATE_KEY: licenceKey(),
    HEALTH_TOKEN: TEST_HEALTH_TOKEN,
    APP_URL: where.proxyUrl,
    QUEUE_POLL_INTERVAL_SECONDS: '0.5',
    QUEUE_SUPERVISE_INTERVAL_SECONDS: '1',
    LOG_LEVEL: 'info',
  };
}

/** What only the API instances get: no job runner; nginx and the test clients on 127.0.0.1. */
export const API_SETTINGS = { WORKER: 'off', TRUST_PROXY: '127.0.0.1' };
