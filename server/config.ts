import { createPrivateKey } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { findPlan, isPremiumPlan } from '../core/plans/catalogue';

// Every setting comes from the environment and is checked once, at start. A bad value stops
// the process with one sentence naming the variable, instead of failing later at random.

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const seconds = (fallback: number, min: number) =>
  z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(min, `must be at least ${min}`)
    .default(fallback);

/** An optional setting: unset and empty (`FOO=`) both mean "not set". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

const optionalText = optional(z.string().trim());

const onOff = z.enum(['on', 'off'], { error: 'must be "on" or "off"' });

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

/**
 * Which peers may name the client (X-Forwarded-For) and the scheme (X-Forwarded-Proto): none,
 * the nearest `hops` proxies whatever their addresses, or proxies at these addresses and ranges.
 */
export type TrustProxy =
  { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; addresses: string[] };

/** An IPv4 or IPv6 address, or a CIDR range of them (10.0.0.0/8, fd00::/8). */
function isAddressOrRange(text: string): boolean {
  const [address = '', prefix, ...rest] = text.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const trustProxy = z
  .string()
  .trim()
  .transform((text, context): TrustProxy => {
    if (text.toLowerCase() === 'false') return { kind: 'none' };
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      return hops === 0 ? { kind: 'none' } : { kind: 'hops', hops };
    }
    const addresses = text.split(',').map((entry) => entry.trim());
    if (addresses.every(isAddressOrRange)) return { kind: 'addresses', addresses };
    context.addIssue({
      code: 'custom',
      message:
        'must be false, a number of proxies such as 1, or proxy addresses such as 127.0.0.1,10.0.0.0/8',
    });
    return z.NEVER;
  });

/** The plugin licence key is checked at start: a wrong one would fail every licence later. */
function isEd25519PrivateKey(text: string): boolean {
  try {
    const key = text.includes('-----BEGIN')
      ? createPrivateKey(text)
      : createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs8' });
    return key.asymmetricKeyType === 'ed25519';
  } catch {
    return false;
  }
}

/** Google's own OAuth and YouTube Data API addresses, the defaults of the GOOGLE_* and YOUTUBE_API_URL settings. */
export const GOOGLE_ENDPOINTS = {
  authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  revokeUrl: 'https://oauth2.googleapis.com/revoke',
  apiUrl: 'https://www.googleapis.com/',
} as const;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  APP_URL: optional(z.url({ error: 'must be a full URL such as https://waveframe.example' })),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  DATABASE_URL: optional(
    z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://'),
  ),
  WORKER: onOff.default('on'),
  QUEUE_POLL_INTERVAL_SECONDS: seconds(1, 0.5),
  QUEUE_SUPERVISE_INTERVAL_SECONDS: seconds(10, 1),
  WORKER_STOP_GRACE_SECONDS: seconds(30, 0),
  WORKER_HEARTBEAT_SECONDS: seconds(10, 0.2),
  WORKER_LOST_AFTER_SECONDS: seconds(30, 1),
  RENDER_SLOTS_PER_USER: z.coerce
    .number({ error: 'must be a whole number of renders' })
    .int('must be a whole number of renders')
    .min(1, 'must be at least 1')
    .default(2),
  RENDER_SLOTS_SWEEP_SECONDS: seconds(15, 1),
  UPLOADS_PER_USER: z.coerce
    .number({ error: 'must be a whole number of uploads' })
    .int('must be a whole number of uploads')
    .min(1, 'must be at least 1')
    .default(3),
  UPLOAD_LOCK_CONNECTIONS: z.coerce
    .number({ error: 'must be a whole number of connections' })
    .int('must be a whole number of connections')
    .min(1, 'must be at least 1')
    .default(8),
  HTTP_REQUEST_TIMEOUT_SECONDS: seconds(300, 1),
  HTTP_IDLE_TIMEOUT_SECONDS: seconds(120, 1),
  RENDER_LONG_SECONDS: seconds(900, 0),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optional(z.url({ error: 'must be a URL' })),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  SMTP_URL: optional(
    z
      .string()
      .regex(/^smtps?:\/\//, { message: 'must start with smtp:// or smtps://', abort: true })
      // nodemailer reads a URL the WHATWG parser refuses with url.parse(), whose deprecation
      // warning prints the whole URL, password included, to stderr.
      .refine(
        (text) => URL.canParse(text),
        'must be a URL: percent-encode the user name and password (/ as %2F, # as %23, : as %3A)',
      ),
  ),
  MAIL_FROM: z.string().min(3).default('Waveframe <no-reply@waveframe.localhost>'),
  SUPPORT_EMAIL: z
    .email({ error: 'must be an e-mail address' })
    .default('support@waveframe.localhost'),
  HEALTH_TOKEN: optional(
    z
      .string()
      .trim()
      .min(16, 'must be at least 16 characters (openssl rand -hex 32)')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces'),
  ),
  METRICS_PORT: optional(port),
  FFMPEG_PATH: optionalText,
  FFPROBE_PATH: optionalText,
  WEB_DIST_DIR: z.string().min(1).default('./dist'),
  TRUST_PROXY: optional(trustProxy),
  STARTING_VIZ_CREDITS: z.coerce.number({ error: 'must be a number' }).int().min(-1).default(3),
  STARTING_CANVAS_CREDITS: z.coerce.number({ error: 'must be a number' }).int().min(-1).default(3),
  STARTING_CANVAS_CREDITS_FREE: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(0)
    .default(1),
  REFUSED_EMAIL_DOMAINS: optionalText,
  SESSION_DAYS: z.coerce.number({ error: 'must be a number of days' }).min(1).default(30),
  STRIPE_SECRET_KEY: optional(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_/, 'must start with sk_test_, sk_live_, rk_test_ or rk_live_'),
  ),
  STRIPE_PUBLISHABLE_KEY: optional(
    z.string().regex(/^pk_(test|live)_/, 'must start with pk_test_ or pk_live_'),
  ),
  STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_/, 'must start with whsec_')),
  STRIPE_PRODUCT_ID: optional(z.string().regex(/^prod_/, 'must start with prod_')),
  STRIPE_API_URL: optional(z.url({ error: 'must be a URL' })),
  PADDLE_API_KEY: optionalText,
  PADDLE_CLIENT_TOKEN: optionalText,
  PADDLE_WEBHOOK_SECRET: optionalText,
  PADDLE_ENVIRONMENT: z
    .enum(['sandbox', 'production'], { error: 'must be "sandbox" or "production"' })
    .default('sandbox'),
  PADDLE_API_URL: optional(z.url({ error: 'must be a URL' })),
  PADDLE_PRICE_IDS: optional(
    z
      .string()
      .transform((text) =>
        Object.fromEntries(
          text
            .split(',')
            .map((pair) => pair.trim())
            .filter(Boolean)
            .map((pair) => pair.split('=').map((part) => part.trim())),
        ),
      )
      .superRefine((map, context) => {
        for (const [plan, priceId] of Object.entries(map)) {
          if (!isPremiumPlan(plan) || findPlan(plan) === undefined) {
            context.addIssue({
              code: 'custom',
              message: `names "${plan}", which is not a paid plan of the catalogue`,
            });
          } else if (typeof priceId !== 'string' || !priceId.startsWith('pri_')) {
            context.addIssue({
              code: 'custom',
              message: 'must map each plan to a Paddle price id (plan=pri_...)',
            });
          }
        }
      }),
  ),
  YOUTUBE_CLIENT_ID: optionalText,
  YOUTUBE_CLIENT_SECRET: optionalText,
  YOUTUBE_CHANNEL_ID: optional(
    z
      .string()
      .regex(/^UC[\w-]{22}$/, 'must be a YouTube channel id (UC followed by 22 characters)'),
  ),
  GOOGLE_OAUTH_AUTH_URL: z.url({ error: 'must be a URL' }).default(GOOGLE_ENDPOINTS.authUrl),
  GOOGLE_OAUTH_TOKEN_URL: z.url({ error: 'must be a URL' }).default(GOOGLE_ENDPOINTS.tokenUrl),
  GOOGLE_OAUTH_REVOKE_URL: z.url({ error: 'must be a URL' }).default(GOOGLE_ENDPOINTS.revokeUrl),
  YOUTUBE_API_URL: z.url({ error: 'must be a URL' }).default(GOOGLE_ENDPOINTS.apiUrl),
  YOUTUBE_UPLOAD_CHUNK_KIB: z.coerce
    .number({ error: 'must be a number of KiB' })
    .int('must be a whole number')
    .min(256, 'must be at least 256')
    .refine((kib) => kib % 256 === 0, 'must be a multiple of 256 (YouTube takes chunks of 256 KiB)')
    .default(8192),
  PLUGINS_DIR: optionalText,
  PLUGIN_LICENCE_PRIVATE_KEY: optional(
    z
      .string()
      .trim()
      .refine(
        isEd25519PrivateKey,
        'must be an Ed25519 private key, PKCS#8 PEM or base64 DER (openssl genpkey -algorithm ed25519)',
      ),
  ),
  PLUGIN_LICENCE_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(365),
  TOKEN_ENCRYPTION_KEY: optional(
    z
      .string()
      .trim()
      .refine(
        (text) => Buffer.from(text, 'base64').length === 32,
        'must be 32 bytes in base64 (openssl rand -base64 32)',
      ),
  ),
});

export type Env = z.infer<typeof envSchema>;

/** Every environment variable the product reads (deployment recipes are checked against it). */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  /** Behind reverse proxies: the client address and https come from what they forwarded. */
  trustProxy: TrustProxy;
  appUrl: string;
  logLevel: Env['LOG_LEVEL'];
  dataDir: string;
  webDistDir: string;
  database: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };
  worker: {
    inProcess: boolean;
    pollIntervalSeconds: number;
    superviseIntervalSeconds: number;
    /** On a stop, how long running jobs may finish before they are aborted and handed back. */
    stopGraceSeconds: number;
    /** How often a worker tells the others it is alive (job_workers). */
    heartbeatSeconds: number;
    /** A worker silent this long is taken for lost: its renders go to another worker. */
    lostAfterSeconds: number;
  };
  /**
   * Fair render queues: how many renders of one user run at once, how often waiting ones are
   * looked at, and from how many seconds of worst honest render time a render counts as long
   * (one user's long renders never hold every live worker).
   */
  renderSlots: { perUser: number; sweepSeconds: number; longRenderSeconds: number };
  /**
   * Bounds on what slow uploads hold: tus requests (HEAD, PATCH) of one user at once on this
   * instance, and on PostgreSQL the connections the upload locks may take (a pool of their own,
   * apart from the main pool of queries).
   */
  uploads: { perUser: number; lockConnections: number };
  /**
   * How long a client may take to send a whole request, and to send or read nothing at all on
   * its connection, before the server closes it: a slow client cannot hold a request (and the
   * upload lock of a PATCH) open forever. An interrupted tus upload resumes from its offset.
   */
  http: { requestTimeoutSeconds: number; idleTimeoutSeconds: number };
  storage:
    | { kind: 'local'; dir: string }
    | {
        kind: 's3';
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      };
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  /** Where the contact form's messages go (the sender is their Reply-To). */
  supportEmail: string;
  /** The operator's token for GET /api/health/details; unset, nobody gets the details. */
  healthToken: string | undefined;
  /**
   * Where `npm run worker` serves GET /metrics (HEALTH_TOKEN again), on HOST; unset, it serves
   * none. The API serves /metrics on its own port.
   */
  metricsPort: number | undefined;
  /** Payment providers; null where this installation takes no payments through one. */
  payments: {
    stripe: {
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      /** The Stripe product every plan's price belongs to (amounts come from the catalogue). */
      productId: string;
      /** Another address for Stripe's API (a local server that speaks it, in tests). */
      apiUrl: string | undefined;
    } | null;
    paddle: {
      apiKey: string;
      clientToken: string;
      webhookSecret: string;
      environment: 'sandbox' | 'production';
      apiUrl: string | undefined;
      priceIds: Record<string, string>;
    } | null;
  };
  /** YouTube publishing through Google's OAuth; null where this installation has no access. */
  youtube: {
    clientId: string;
    clientSecret: string;
    /** The product's own channel, which users' channels can subscribe to. */
    productChannelId: string | undefined;
    endpoints: { authUrl: string; tokenUrl: string; revokeUrl: string; apiUrl: string };
    /** Bytes sent per resumable upload request (a multiple of 256 KiB). */
    chunkBytes: number;
  } | null;
  /** Refresh tokens are sealed with this key (base64, 32 bytes), or one kept in keyFile. */
  tokenKey: { base64: string | undefined; keyFile: string };
  /**
   * Audio plugin downloads: release files and their manifest.json in `dir`; licence keys signed
   * with the Ed25519 key given (PKCS#8 PEM or base64 DER) or one kept in keyFile.
   */
  plugins: {
    dir: string;
    licencePrivateKey: string | undefined;
    licenceKeyFile: string;
    licenceDays: number;
  };
  ffmpeg: { ffmpegPath: string | undefined; ffprobePath: string | undefined };
  tmpDir: string;
  accounts: {
    /** Credits of a new free_tier account; -1 means unlimited. */
    startingVizCredits: number;
    startingCanvasCredits: number;
    /** The plan's free Canvas credits, spent before the Canvas credits. */
    startingCanvasCreditsFree: number;
    /** Sign-up and e-mail changes to these domains (and their subdomains) are refused. */
    refusedEmailDomains: readonly string[];
    sessionDays: number;
  };
}

/** Throwaway-mail providers refused by default; REFUSED_EMAIL_DOMAINS replaces the list. */
export const DISPOSABLE_EMAIL_DOMAINS = [
  'mailinator.com',
  'guerrillamail.com',
  'guerrillamail.net',
  'sharklasers.com',
  '10minutemail.com',
  'temp-mail.org',
  'tempmail.com',
  'yopmail.com',
  'trashmail.com',
  'getnada.com',
  'dispostable.com',
  'maildrop.cc',
  'throwawaymail.com',
  'fakeinbox.com',
  'discard.email',
  'mailnesia.com',
  'mintemail.com',
  'spamgourmet.com',
];

export class ConfigError extends Error {}

/**
 * Settings whose value no configuration error repeats: errors reach terminals, logs and CI
 * output, which more people read than the environment. URLs (DATABASE_URL, SMTP_URL) are
 * repeated with their password hidden instead (redactUrlPassword).
 */
export const SECRET_SETTINGS: ReadonlySet<string> = new Set([
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'PADDLE_API_KEY',
  'PADDLE_CLIENT_TOKEN',
  'PADDLE_WEBHOOK_SECRET',
  'YOUTUBE_CLIENT_SECRET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'TOKEN_ENCRYPTION_KEY',
  'PLUGIN_LICENCE_PRIVATE_KEY',
  'HEALTH_TOKEN',
]);

// Secrets recognisable by their form, whichever variable they were put in: the Stripe keys
// swapped put a secret key in STRIPE_PUBLISHABLE_KEY, whose value errors do repeat.
const SECRET_FORMS = [/^(sk|rk)_(test|live)_/, /^whsec_/, /^pdl_/, /PRIVATE KEY/];

/**
 * `url` with the password of its user info, and any password parameter, replaced by ***. Read
 * loosely, as a URL refused for its form may still carry a password: everything between the
 * first colon after the scheme and the last @ is hidden, so a / or # left unencoded in the
 * password hides more rather than less.
 */
export function redactUrlPassword(url: string): string {
  const authority = /^[a-z][a-z0-9+.-]*:\/\//i.exec(url)?.[0].length ?? 0;
  const at = url.lastIndexOf('@');
  const colon = url.indexOf(':', authority);
  const hidden =
    at > authority && colon !== -1 && colon < at
      ? `${url.slice(0, colon + 1)}***${url.slice(at)}`
      : url;
  return hidden.replace(/([?&][^=&#]*pass[^=&#]*=)[^&#]*/gi, '$1***');
}

/** What a configuration error may repeat of a setting's value: nothing when it is a secret. */
function shownValue(name: string, environment: NodeJS.ProcessEnv): string | undefined {
  const value = environment[name];
  if (value === undefined || SECRET_SETTINGS.has(name)) return undefined;
  if (SECRET_FORMS.some((form) => form.test(value.trim()))) return undefined;
  // A secret pasted into another variable too (a line shifted in an .env file).
  const secrets = [...SECRET_SETTINGS].map((secret) => environment[secret]?.trim());
  if (secrets.some((secret) => secret && value.includes(secret))) return undefined;
  return redactUrlPassword(value);
}

/** A provider's variables work only all together: some without the others is a mistake. */
function requireTogether<K extends keyof Env>(env: Env, names: readonly K[]): void {
  const set = names.filter((name) => Boolean(env[name]));
  if (set.length === 0 || set.length === names.length) return;
  const list = `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  throw new ConfigError(`Invalid configuration: ${list} must be set together.`);
}

/** Reads and checks the environment; throws ConfigError with one readable sentence per problem. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  // The old `true` trusted every X-Forwarded-For entry, the left-most of which the client writes
  // itself: refused by name, with what to set instead, rather than quietly given a new meaning.
  if (environment.TRUST_PROXY?.trim().toLowerCase() === 'true') {
    throw new ConfigError(
      'Invalid configuration: TRUST_PROXY=true would let any client pick its own address in X-Forwarded-For and so escape every per-address limit; set the number of proxies in front instead (TRUST_PROXY=1 for one reverse proxy) or their addresses (TRUST_PROXY=127.0.0.1,10.0.0.0/8).',
    );
  }
  const parsed = envSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const got = shownValue(name, environment);
      return `${name} ${issue.message}${got === undefined ? '' : ` (got "${got}")`}.`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join(' ')}`);
  }
  const env = parsed.data;
  if (env.S3_BUCKET && Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together.',
    );
  }
  requireTogether(env, [
    'STRIPE_SECRET_KEY',
    'STRIPE_PUBLISHABLE_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_PRODUCT_ID',
  ]);
  requireTogether(env, [
    'PADDLE_API_KEY',
    'PADDLE_CLIENT_TOKEN',
    'PADDLE_WEBHOOK_SECRET',
    'PADDLE_PRICE_IDS',
  ]);
  requireTogether(env, ['YOUTUBE_CLIENT_ID', 'YOUTUBE_CLIENT_SECRET']);
  // A worker late by one beat must not be taken for lost (its render would run twice).
  if (env.WORKER_LOST_AFTER_SECONDS < 2 * env.WORKER_HEARTBEAT_SECONDS) {
    throw new ConfigError(
      `Invalid configuration: WORKER_LOST_AFTER_SECONDS must be at least twice WORKER_HEARTBEAT_SECONDS (got ${env.WORKER_LOST_AFTER_SECONDS} and ${env.WORKER_HEARTBEAT_SECONDS}).`,
    );
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    trustProxy: env.TRUST_PROXY ?? { kind: 'none' },
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL,
    dataDir,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dir: path.join(dataDir, 'db') },
    worker: {
      inProcess: env.WORKER === 'on',
      pollIntervalSeconds: env.QUEUE_POLL_INTERVAL_SECONDS,
      superviseIntervalSeconds: env.QUEUE_SUPERVISE_INTERVAL_SECONDS,
      stopGraceSeconds: env.WORKER_STOP_GRACE_SECONDS,
      heartbeatSeconds: env.WORKER_HEARTBEAT_SECONDS,
      lostAfterSeconds: env.WORKER_LOST_AFTER_SECONDS,
    },
    renderSlots: {
      perUser: env.RENDER_SLOTS_PER_USER,
      sweepSeconds: env.RENDER_SLOTS_SWEEP_SECONDS,
      longRenderSeconds: env.RENDER_LONG_SECONDS,
    },
    uploads: { perUser: env.UPLOADS_PER_USER, lockConnections: env.UPLOAD_LOCK_CONNECTIONS },
    http: {
      requestTimeoutSeconds: env.HTTP_REQUEST_TIMEOUT_SECONDS,
      idleTimeoutSeconds: env.HTTP_IDLE_TIMEOUT_SECONDS,
    },
    storage: env.S3_BUCKET
      ? {
          kind: 's3',
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : { kind: 'local', dir: path.join(dataDir, 'storage') },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(dataDir, 'mail') },
    supportEmail: env.SUPPORT_EMAIL,
    healthToken: env.HEALTH_TOKEN,
    metricsPort: env.METRICS_PORT,
    ffmpeg: { ffmpegPath: env.FFMPEG_PATH, ffprobePath: env.FFPROBE_PATH },
    payments: {
      stripe: env.STRIPE_SECRET_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
            productId: env.STRIPE_PRODUCT_ID!,
            apiUrl: env.STRIPE_API_URL,
          }
        : null,
      paddle: env.PADDLE_API_KEY
        ? {
            apiKey: env.PADDLE_API_KEY,
            clientToken: env.PADDLE_CLIENT_TOKEN!,
            webhookSecret: env.PADDLE_WEBHOOK_SECRET!,
            environment: env.PADDLE_ENVIRONMENT,
            apiUrl: env.PADDLE_API_URL,
            /** The Paddle price id of each plan sold through Paddle. */
            priceIds: env.PADDLE_PRICE_IDS!,
          }
        : null,
    },
    youtube: env.YOUTUBE_CLIENT_ID
      ? {
          clientId: env.YOUTUBE_CLIENT_ID,
          clientSecret: env.YOUTUBE_CLIENT_SECRET!,
          productChannelId: env.YOUTUBE_CHANNEL_ID,
          endpoints: {
            authUrl: env.GOOGLE_OAUTH_AUTH_URL,
            tokenUrl: env.GOOGLE_OAUTH_TOKEN_URL,
            revokeUrl: env.GOOGLE_OAUTH_REVOKE_URL,
            apiUrl: env.YOUTUBE_API_URL.endsWith('/')
              ? env.YOUTUBE_API_URL
              : `${env.YOUTUBE_API_URL}/`,
          },
          chunkBytes: env.YOUTUBE_UPLOAD_CHUNK_KIB * 1024,
        }
      : null,
    tokenKey: {
      base64: env.TOKEN_ENCRYPTION_KEY,
      keyFile: path.join(dataDir, 'secrets', 'token-encryption.key'),
    },
    plugins: {
      dir: env.PLUGINS_DIR ? path.resolve(env.PLUGINS_DIR) : path.join(dataDir, 'plugins'),
      licencePrivateKey: env.PLUGIN_LICENCE_PRIVATE_KEY,
      licenceKeyFile: path.join(dataDir, 'secrets', 'plugin-licence.key'),
      licenceDays: env.PLUGIN_LICENCE_DAYS,
    },
    tmpDir: path.join(dataDir, 'tmp'),
    accounts: {
      startingVizCredits: env.STARTING_VIZ_CREDITS,
      startingCanvasCredits: env.STARTING_CANVAS_CREDITS,
      startingCanvasCreditsFree: env.STARTING_CANVAS_CREDITS_FREE,
      refusedEmailDomains: env.REFUSED_EMAIL_DOMAINS
        ? env.REFUSED_EMAIL_DOMAINS.split(',')
            .map((domain) => domain.trim().toLowerCase())
            .filter(Boolean)
        : DISPOSABLE_EMAIL_DOMAINS,
      sessionDays: env.SESSION_DAYS,
    },
  };
}
