import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig, SECRET_SETTINGS } from '../../../server/config';

describe('loadConfig', () => {
  test('defaults give the embedded setup: port 8080, ./data, PGlite, local files, outbox mail', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.database).toEqual({ kind: 'pglite', dir: path.resolve('data/db') });
    expect(config.storage).toEqual({ kind: 'local', dir: path.resolve('data/storage') });
    expect(config.mail).toMatchObject({ smtpUrl: undefined, outboxDir: path.resolve('data/mail') });
    expect(config.worker.inProcess).toBe(true);
    expect(config.appUrl).toBe('http://localhost:8080');
  });

  test('DATABASE_URL, S3_BUCKET, SMTP_URL and WORKER=off switch to the scaled-out parts', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/waveframe',
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      SMTP_URL: 'smtp://relay:25',
      WORKER: 'off',
      PORT: '3000',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/waveframe' });
    expect(config.storage).toMatchObject({
      kind: 's3',
      bucket: 'media',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
    });
    expect(config.mail.smtpUrl).toBe('smtp://relay:25');
    expect(config.worker.inProcess).toBe(false);
    expect(config.port).toBe(3000);
  });

  test('YouTube: none by default; Google endpoints unless told otherwise', () => {
    expect(loadConfig({}).youtube).toBeNull();
    const config = loadConfig({
      YOUTUBE_CLIENT_ID: 'client.apps.googleusercontent.com',
      YOUTUBE_CLIENT_SECRET: 'secret',
      YOUTUBE_CHANNEL_ID: 'UCabcdefghijklmnopqrstuv',
      YOUTUBE_API_URL: 'http://127.0.0.1:9000',
      DATA_DIR: '/srv/waveframe',
    });
    expect(config.youtube).toEqual({
      clientId: 'client.apps.googleusercontent.com',
      clientSecret: 'secret',
      productChannelId: 'UCabcdefghijklmnopqrstuv',
      endpoints: {
        authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
        tokenUrl: 'https://oauth2.googleapis.com/token',
        revokeUrl: 'https://oauth2.googleapis.com/revoke',
        apiUrl: 'http://127.0.0.1:9000/',
      },
      chunkBytes: 8 * 1024 * 1024,
    });
    expect(config.tokenKey).toEqual({
      base64: undefined,
      keyFile: '/srv/waveframe/secrets/token-encryption.key',
    });
  });

  test('payments: none by default; each provider from its keys', () => {
    expect(loadConfig({}).payments).toEqual({ stripe: null, paddle: null });
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PRODUCT_ID: 'prod_abc',
      PADDLE_API_KEY: 'pdl_key',
      PADDLE_CLIENT_TOKEN: 'live_token',
      PADDLE_WEBHOOK_SECRET: 'pdl_ntfset_secret',
      PADDLE_PRICE_IDS: 'plan_tier_one_monthly=pri_01, plan_unlimited_monthly=pri_02',
      PADDLE_ENVIRONMENT: 'production',
    });
    expect(config.payments).toEqual({
      stripe: {
        secretKey: 'sk_live_abc',
        publishableKey: 'pk_live_abc',
        webhookSecret: 'whsec_abc',
        productId: 'prod_abc',
        apiUrl: undefined,
      },
      paddle: {
        apiKey: 'pdl_key',
        clientToken: 'live_token',
        webhookSecret: 'pdl_ntfset_secret',
        environment: 'production',
        apiUrl: undefined,
        priceIds: { plan_tier_one_monthly: 'pri_01', plan_unlimited_monthly: 'pri_02' },
      },
    });
  });

  test.each([
    [{}, { kind: 'none' }],
    [{ TRUST_PROXY: '' }, { kind: 'none' }],
    [{ TRUST_PROXY: 'false' }, { kind: 'none' }],
    [{ TRUST_PROXY: '0' }, { kind: 'none' }],
    [{ TRUST_PROXY: '1' }, { kind: 'hops', hops: 1 }],
    [{ TRUST_PROXY: ' 2 ' }, { kind: 'hops', hops: 2 }],
    [{ TRUST_PROXY: '127.0.0.1' }, { kind: 'addresses', addresses: ['127.0.0.1'] }],
    [
      { TRUST_PROXY: '127.0.0.1, ::1,10.0.0.0/8,fd00::/8' },
      { kind: 'addresses', addresses: ['127.0.0.1', '::1', '10.0.0.0/8', 'fd00::/8'] },
    ],
  ])('TRUST_PROXY from %o: %o', (env, trustProxy) => {
    expect(loadConfig(env).trustProxy).toEqual(trustProxy);
  });

  test.each(['true', 'TRUE', ' true '])(
    'TRUST_PROXY=%j, which trusted the client’s own X-Forwarded-For, is refused with what to set instead',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        new ConfigError(
          'Invalid configuration: TRUST_PROXY=true would let any client pick its own address in X-Forwarded-For and so escape every per-address limit; set the number of proxies in front instead (TRUST_PROXY=1 for one reverse proxy) or their addresses (TRUST_PROXY=127.0.0.1,10.0.0.0/8).',
        ),
      );
    },
  );

  test.each([
    'yes',
    '-1',
    '1.5',
    'nginx',
    '127.0.0.1,nginx',
    '10.0.0.0/33',
    '::1/129',
    '127.0.0.1,',
  ])('TRUST_PROXY=%j is refused with the forms it takes', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
      new ConfigError(
        `Invalid configuration: TRUST_PROXY must be false, a number of proxies such as 1, or proxy addresses such as 127.0.0.1,10.0.0.0/8 (got "${value}").`,
      ),
    );
  });

  test('an empty variable counts as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', S3_BUCKET: ' ' }).database.kind).toBe('pglite');
  });

  test.each([
    [{ PORT: '70000' }, 'PORT must be between 0 and 65535 (got "70000").'],
    [{ PORT: 'x' }, 'PORT must be a number (got "x").'],
    [
      { DATABASE_URL: 'mysql://x' },
      'DATABASE_URL must start with postgres:// or postgresql:// (got "mysql://x").',
    ],
    [{ WORKER: 'yes' }, 'WORKER must be "on" or "off" (got "yes").'],
    [{ SMTP_URL: 'http://x' }, 'SMTP_URL must start with smtp:// or smtps:// (got "http://x").'],
    [
      { QUEUE_POLL_INTERVAL_SECONDS: '0.1' },
      'QUEUE_POLL_INTERVAL_SECONDS must be at least 0.5 (got "0.1").',
    ],
    [
      { S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' },
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together.',
    ],
    [
      { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' },
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRODUCT_ID must be set together.',
    ],
    [{ STRIPE_SECRET_KEY: 'pk_test_1' }, 'STRIPE_SECRET_KEY must start with sk_test_'],
    [
      { PADDLE_CLIENT_TOKEN: 'test_1' },
      'PADDLE_API_KEY, PADDLE_CLIENT_TOKEN, PADDLE_WEBHOOK_SECRET and PADDLE_PRICE_IDS must be set together.',
    ],
    [
      { PADDLE_PRICE_IDS: 'plan_gold=pri_1' },
      'PADDLE_PRICE_IDS names "plan_gold", which is not a paid plan of the catalogue',
    ],
    [
      { PADDLE_PRICE_IDS: 'plan_tier_one_monthly=price_1' },
      'PADDLE_PRICE_IDS must map each plan to a Paddle price id (plan=pri_...)',
    ],
    [{ PADDLE_ENVIRONMENT: 'live' }, 'PADDLE_ENVIRONMENT must be "sandbox" or "production"'],
    [
      { YOUTUBE_CLIENT_ID: 'id' },
      'YOUTUBE_CLIENT_ID and YOUTUBE_CLIENT_SECRET must be set together.',
    ],
    [{ YOUTUBE_CHANNEL_ID: 'waveframe' }, 'YOUTUBE_CHANNEL_ID must be a YouTube channel id'],
    [{ YOUTUBE_UPLOAD_CHUNK_KIB: '300' }, 'YOUTUBE_UPLOAD_CHUNK_KIB must be a multiple of 256'],
    [{ TOKEN_ENCRYPTION_KEY: 'c2hvcnQ=' }, 'TOKEN_ENCRYPTION_KEY must be 32 bytes in base64'],
  ])('refuses %o with a clear sentence', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  test('HEALTH_TOKEN: unset by default, kept when long enough, never repeated when refused', () => {
    expect(loadConfig({}).healthToken).toBeUndefined();
    const token = 'f3a9c1d07b2e45a8b6c4d2e0f1a3b5c7';
    expect(loadConfig({ HEALTH_TOKEN: token }).healthToken).toBe(token);
    expect(() => loadConfig({ HEALTH_TOKEN: 'secret' })).toThrow(
      'Invalid configuration: HEALTH_TOKEN must be at least 16 characters (openssl rand -hex 32).',
    );
    expect(() => loadConfig({ HEALTH_TOKEN: 'a token with spaces in it' })).toThrow(
      'Invalid configuration: HEALTH_TOKEN must be printable ASCII without spaces.',
    );
  });
});

/** The sentence loadConfig refuses `env` with (fails the test when it accepts it). */
function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`loadConfig accepted ${Object.keys(env).join(', ')}`);
}

const stripeSet = {
  STRIPE_SECRET_KEY: 'sk_test_StripeSecretKey1',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_public',
  STRIPE_WEBHOOK_SECRET: 'whsec_StripeWebhookSecret1',
  STRIPE_PRODUCT_ID: 'prod_1',
};
const paddleSet = {
  PADDLE_API_KEY: 'pdl_sdbx_apikey_PaddleApiKey1',
  PADDLE_CLIENT_TOKEN: 'test_PaddleClientToken1',
  PADDLE_WEBHOOK_SECRET: 'pdl_ntfset_PaddleWebhookSecret1',
  PADDLE_PRICE_IDS: 'plan_tier_one_monthly=pri_01',
};
const tokenKey = Buffer.alloc(32, 7).toString('base64');
const ecPrivateKey = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

describe('configuration errors never repeat a secret', () => {
  // [what goes wrong, the environment, the variable the sentence names, the secret it must not show]
  test.each([
    [
      'STRIPE_SECRET_KEY of the wrong form',
      { STRIPE_SECRET_KEY: 'xx_live_StripeSecretKey1' },
      'STRIPE_SECRET_KEY',
      'StripeSecretKey1',
    ],
    [
      'STRIPE_SECRET_KEY alone',
      { STRIPE_SECRET_KEY: stripeSet.STRIPE_SECRET_KEY },
      'STRIPE_SECRET_KEY',
      'StripeSecretKey1',
    ],
    [
      'STRIPE_WEBHOOK_SECRET of the wrong form',
      { ...stripeSet, STRIPE_WEBHOOK_SECRET: 'wh_StripeWebhookSecret1' },
      'STRIPE_WEBHOOK_SECRET',
      'StripeWebhookSecret1',
    ],
    [
      'STRIPE_WEBHOOK_SECRET alone',
      { STRIPE_WEBHOOK_SECRET: stripeSet.STRIPE_WEBHOOK_SECRET },
      'STRIPE_WEBHOOK_SECRET',
      'StripeWebhookSecret1',
    ],
    [
      'the Stripe keys swapped',
      {
        ...stripeSet,
        STRIPE_SECRET_KEY: 'pk_test_public',
        STRIPE_PUBLISHABLE_KEY: 'sk_test_StripeSecretKey1',
      },
      'STRIPE_PUBLISHABLE_KEY',
      'StripeSecretKey1',
    ],
    [
      'the webhook secret in the product id',
      { ...stripeSet, STRIPE_PRODUCT_ID: stripeSet.STRIPE_WEBHOOK_SECRET },
      'STRIPE_PRODUCT_ID',
      'StripeWebhookSecret1',
    ],
    [
      'PADDLE_API_KEY alone',
      { PADDLE_API_KEY: paddleSet.PADDLE_API_KEY },
      'PADDLE_API_KEY',
      'PaddleApiKey1',
    ],
    [
      'PADDLE_CLIENT_TOKEN alone',
      { PADDLE_CLIENT_TOKEN: paddleSet.PADDLE_CLIENT_TOKEN },
      'PADDLE_CLIENT_TOKEN',
      'PaddleClientToken1',
    ],
    [
      'PADDLE_WEBHOOK_SECRET alone',
      { PADDLE_WEBHOOK_SECRET: paddleSet.PADDLE_WEBHOOK_SECRET },
      'PADDLE_WEBHOOK_SECRET',
      'PaddleWebhookSecret1',
    ],
    [
      'the Paddle API key in PADDLE_ENVIRONMENT',
      { ...paddleSet, PADDLE_ENVIRONMENT: paddleSet.PADDLE_API_KEY },
      'PADDLE_ENVIRONMENT',
      'PaddleApiKey1',
    ],
    [
      'YOUTUBE_CLIENT_SECRET alone',
      { YOUTUBE_CLIENT_SECRET: 'YoutubeClientSecret1' },
      'YOUTUBE_CLIENT_SECRET',
      'YoutubeClientSecret1',
    ],
    [
      'S3_ACCESS_KEY_ID without its secret',
      { S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'AKIAS3ACCESSKEYID1' },
      'S3_ACCESS_KEY_ID',
      'AKIAS3ACCESSKEYID1',
    ],
    [
      'S3_SECRET_ACCESS_KEY without its key id',
      { S3_BUCKET: 'media', S3_SECRET_ACCESS_KEY: 'S3SecretAccessKey1' },
      'S3_SECRET_ACCESS_KEY',
      'S3SecretAccessKey1',
    ],
    [
      'the S3 secret in S3_FORCE_PATH_STYLE',
      {
        S3_BUCKET: 'media',
        S3_ACCESS_KEY_ID: 'AKIAS3ACCESSKEYID1',
        S3_SECRET_ACCESS_KEY: 'S3SecretAccessKey1',
        S3_FORCE_PATH_STYLE: 'S3SecretAccessKey1',
      },
      'S3_FORCE_PATH_STYLE',
      'S3SecretAccessKey1',
    ],
    [
      'credentials in S3_ENDPOINT, which is no URL',
      { S3_ENDPOINT: 'http://AKIAS3ACCESSKEYID1:S3SecretAccessKey1@minio:port' },
      'S3_ENDPOINT',
      'S3SecretAccessKey1',
    ],
    [
      'TOKEN_ENCRYPTION_KEY of the wrong length',
      { TOKEN_ENCRYPTION_KEY: 'VG9rZW5LZXlPZldyb25nTGVuZ3Ro' },
      'TOKEN_ENCRYPTION_KEY',
      'VG9rZW5LZXlPZldyb25nTGVuZ3Ro',
    ],
    [
      'the token key in WORKER',
      { TOKEN_ENCRYPTION_KEY: tokenKey, WORKER: tokenKey },
      'WORKER',
      tokenKey,
    ],
    [
      'PLUGIN_LICENCE_PRIVATE_KEY of another algorithm',
      { PLUGIN_LICENCE_PRIVATE_KEY: ecPrivateKey },
      'PLUGIN_LICENCE_PRIVATE_KEY',
      ecPrivateKey.split('\n')[1]!,
    ],
    [
      'a private key in PLUGIN_LICENCE_DAYS',
      { PLUGIN_LICENCE_DAYS: ecPrivateKey },
      'PLUGIN_LICENCE_DAYS',
      ecPrivateKey.split('\n')[1]!,
    ],
    ['HEALTH_TOKEN too short', { HEALTH_TOKEN: 'HealthToken1' }, 'HEALTH_TOKEN', 'HealthToken1'],
    [
      'DATABASE_URL of another scheme',
      { DATABASE_URL: 'mysql://app:DatabasePassword1@db/waveframe' },
      'DATABASE_URL',
      'DatabasePassword1',
    ],
    [
      'DATABASE_URL without a scheme',
      { DATABASE_URL: 'app:DatabasePassword1@db/waveframe' },
      'DATABASE_URL',
      'DatabasePassword1',
    ],
    [
      'DATABASE_URL with the password as a parameter',
      { DATABASE_URL: 'mysql://db/waveframe?user=app&password=DatabasePassword1' },
      'DATABASE_URL',
      'DatabasePassword1',
    ],
    [
      'DATABASE_URL with a / in its password',
      { DATABASE_URL: 'pg://app:Database/Password1@db/waveframe' },
      'DATABASE_URL',
      'Password1',
    ],
    [
      'SMTP_URL of another scheme',
      { SMTP_URL: 'http://mailer:SmtpPassword1@relay:25' },
      'SMTP_URL',
      'SmtpPassword1',
    ],
    [
      'SMTP_URL with a / in its password',
      { SMTP_URL: 'smtp://mailer:Smtp/Password1@relay:25' },
      'SMTP_URL',
      'Password1',
    ],
    [
      'SMTP_URL with a # in its password',
      { SMTP_URL: 'smtp://mailer:Smtp#Password1@relay:25' },
      'SMTP_URL',
      'Password1',
    ],
    [
      'SMTP_URL with a port that is no number',
      { SMTP_URL: 'smtps://mailer:SmtpPassword1@relay:smtps' },
      'SMTP_URL',
      'SmtpPassword1',
    ],
  ])('%s', (_case, env, variable, secret) => {
    const message = refusal(env);
    expect(message).toContain(variable);
    expect(message).not.toContain(secret);
  });

  test('every secret setting is covered above', () => {
    expect([...SECRET_SETTINGS].sort()).toEqual([
      'HEALTH_TOKEN',
      'PADDLE_API_KEY',
      'PADDLE_CLIENT_TOKEN',
      'PADDLE_WEBHOOK_SECRET',
      'PLUGIN_LICENCE_PRIVATE_KEY',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'TOKEN_ENCRYPTION_KEY',
      'YOUTUBE_CLIENT_SECRET',
    ]);
  });

  test('a URL is shown with its password replaced, so the operator still sees what is wrong', () => {
    expect(refusal({ DATABASE_URL: 'mysql://app:DatabasePassword1@db/waveframe' })).toBe(
      'Invalid configuration: DATABASE_URL must start with postgres:// or postgresql:// (got "mysql://app:***@db/waveframe").',
    );
    expect(refusal({ SMTP_URL: 'smtp://mailer:Smtp/Password1@relay:25' })).toBe(
      'Invalid configuration: SMTP_URL must be a URL: percent-encode the user name and password (/ as %2F, # as %23, : as %3A) (got "smtp://mailer:***@relay:25").',
    );
  });

  test('settings that are not secret are still repeated', () => {
    expect(refusal({ ...stripeSet, STRIPE_PUBLISHABLE_KEY: 'public' })).toContain('(got "public")');
  });
});
