import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// The Drizzle schema: one source for PGlite and PostgreSQL. Change it, then run
// `npm run db:generate` and commit the new SQL file in server/db/migrations.

/** One row naming this installation: its id survives restarts, boot_count counts starts. */
export const serverInstance = pgTable(
  'server_instance',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    instanceId: uuid('instance_id').notNull().defaultRandom(),
    bootCount: integer('boot_count').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastBootAt: timestamp('last_boot_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('server_instance_singleton', sql`${table.singleton}`)],
);

/**
 * The fingerprint of each key every instance of the installation must share (the token key, the
 * plugin licence key): never the key itself. The first instance to start records it.
 */
export const installationKeys = pgTable('installation_keys', {
  name: text('name').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The job workers alive now (jobs/job-runner.ts): each beats every WORKER_HEARTBEAT_SECONDS.
 * How many there are bounds what one user's long renders may hold; one silent for
 * WORKER_LOST_AFTER_SECONDS is taken for lost and its renders are handed to another.
 */
export const jobWorkers = pgTable('job_workers', {
  id: uuid('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Runs of the render pipeline self-test (`npm run selftest`): queue, ffmpeg and storage together. */
export const selfTestRuns = pgTable('self_test_runs', {
  jobId: uuid('job_id').primaryKey(),
  status: text('status', { enum: ['RUNNING', 'COMPLETE', 'FAILED'] }).notNull(),
  attempts: integer('attempts').notNull().default(1),
  outputKey: text('output_key'),
  outputBytes: bigint('output_bytes', { mode: 'number' }),
  error: text('error'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** An account. E-mail is stored normalised (trimmed, lowercased) and unique. */
export const users = pgTable('users', {
  userUuid: uuid('user_uuid').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  passwordHash: text('password_hash').notNull(),
  username: text('username').unique(),
  fullName: text('full_name'),
  ingressAttribution: jsonb('ingress_attribution'),
  emailPrefs: jsonb('email_prefs')
    .$type<{ productNews: boolean; renderFinished: boolean }>()
    .notNull()
    .default({ productNews: true, renderFinished: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The user's plan (spec section 3). Credit balances live in credit_ledger. */
export const plans = pgTable(
  'plans',
  {
    userUuid: uuid('user_uuid')
      .primaryKey()
      .references(() => users.userUuid, { onDelete: 'cascade' }),
    plan: text('plan').notNull().default('free_tier'),
    accountLevel: integer('account_level').notNull().default(10),
    unlimitedViz: boolean('unlimited_viz').notNull().default(false),
    unlimitedCanvas: boolean('unlimited_canvas').notNull().default(false),
    canvasCreditsFree: integer('canvas_credits_free').notNull().default(0),
    billingStatus: text('billing_status').notNull().default('active'),
    customerHistory: jsonb('customer_history').notNull().default([]),
    paymentProcessor: text('payment_processor'),
    pastDue: boolean('past_due').notNull().default(false),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The payment provider's customer and subscription (payment_processor names the provider). */
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** When the paid period ends; with cancelAtPeriodEnd the plan returns to free_tier then. */
    periodEnd: timestamp('period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /**
     * A plan the operator invited this user to (npm run admin -- invite), which they may then
     * subscribe to through activate-invite-plan even when the pricing page does not offer it.
     */
    invitedPlan: text('invited_plan'),
    /**
     * While a card subscription is being set up at the provider (subscribe.service.ts): when the
     * attempt began, and its id (the idempotency key's part). A second attempt meanwhile is refused.
     */
    checkoutStartedAt: timestamp('checkout_started_at', { withTimezone: true }),
    checkoutAttempt: uuid('checkout_attempt'),
    /**
     * How many of this user's renders may run at once across all workers; null: the
     * installation's RENDER_SLOTS_PER_USER (npm run admin -- render-slots sets it).
     */
    renderSlots: integer('render_slots'),
  },
  (table) => [
    // One user per customer at a provider: an event that names the customer finds one plan.
    uniqueIndex('plans_provider_customer_unique').on(
      table.paymentProcessor,
      table.providerCustomerId,
    ),
  ],
);

/**
 * Every checkout the overlay provider (Paddle) was asked to open, bound to the user who opened
 * it: the first payment of a checkout finds its user here, never by the provider's customer id
 * alone, and an event naming another user for it is refused.
 */
export const paymentCheckouts = pgTable(
  'payment_checkouts',
  {
    provider: text('provider', { enum: ['STRIPE', 'PADDLE'] }).notNull(),
    checkoutId: text('checkout_id').notNull(),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.userUuid, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.checkoutId] }),
    index('payment_checkouts_user').on(table.userUuid),
  ],
);

/**
 * Every payment provider event received and verified, once: a replayed or duplicated event finds
 * its id here and changes nothing. `outcome` says what it did (or why nothing).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider', { enum: ['STRIPE', 'PADDLE'] }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    userUuid: uuid('user_uuid').references(() => users.userUuid, { onDelete: 'set null' }),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/**
 * Every change to a credit balance, as one row: grants at sign-up and with plans, -1 per
 * render, +1 back for a failed render. `ref` makes an entry once-only (a job id, an invoice).
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.userUuid, { onDelete: 'cascade' }),
    creditType: text('credit_type', { enum: ['viz', 'canvas'] }).notNull(),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    ref: text('ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('credit_ledger_user').on(table.userUuid, table.creditType),
    uniqueIndex('credit_ledger_once').on(table.userUuid, table.creditType, table.reason, table.ref),
  ],
);

/** Signed-in sessions. Only a hash of the session id is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.userUuid, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user').on(table.userUuid)],
);

/**
 * Codes and links sent by mail: e-mail verification, password reset, e-mail change and
 * account deletion. Only hashes are stored; each is single-use and expires.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.userUuid, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['verify_email', 'reset_password', 'change_email', 'delete_account'],
    }).notNull(),
    codeHash: text('code_hash'),
    linkHash: text('link_hash').unique(),
    email: text('email').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('email_tokens_user').on(table.userUuid, table.purpose)],
);

/** Fixed-window counters for rate limits, shared by every process on the database. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(1),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

/** A user's image (spec section 3). Files live under users/<user>/images/<image>/. */
export const images = pgTable(
  'images',
  {
    imageUuid: uuid('image_uuid').primaryKey().defaultRandom(),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.userUuid, { onDelete: 'cascade' }),
    imageName: text('image_name').notNull(),
    imageType: text('image_type', { enum: ['album_art', 'logo', 'background'] }).notNull(),
    favorite: boolean('favorite').notNull().default(false),
    status: text('status', { enum: ['PENDING', 'COMPLETE', 'FAILED'] }).notNull(),
    error: text('error'),
    originalKey: text('original_key').notNull(),
    displayKey: text('display_key'),
    thumbKey: text('thumb_key'),
    mimetype: text('mimetype').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('images_user_content').on(table.userUuid, table.sha256),
    index('images_user_created').on(table.userUuid, table.createdAt),
  ],
);

/**
 * A user's audio track (spec section 3). A draft (core_processing_status null) is being
 * uploaded; finalising it starts processing. Files live under users/<user>/audio/<audio>/.
 */
export const audios = pgTable(
  'audios',
  {
    audioUuid: uuid('audio_uuid').primaryKey().defaultRandom(),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.userUuid, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    mimetype: text('mimetype').notNull(),
    durationSeconds: real('duration_seconds'),
    coreProcessingStatus: text('core_processing_status', {
      enum: ['PROGRESSING', 'COMPLETE', 'FAILED'],
    }),
    marketplaceProcessingStatus: text('marketplace_processing_status', {
      enum: ['PROGRESSING', 'COMPLETE', 'FAILED'],
    }),
    marketplaceAsset: boolean('marketplace_asset').notNull().default(false),
    error: text('error'),
    title: text('title'),
    artists: text('artists'),
    album: text('album'),
    artworkImageUuid: uuid('artwork_image_uuid').references(() => images.imageUuid, {
      onDelete: 'set null',
    }),
    sha256: text('sha256'),
    originalKey: text('original_key'),
    playableKey: text('playable_key'),
    analysisKey: text('analysis_key'),
    previewKey: text('preview_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('audios_user_content').on(table.userUuid, table.sha256),
    index('audios_user_created').on(table.userUuid, table.createdAt),
  ],
);

/**
 * A track's lyrics (issue 27): its timed lines (core/lyrics/lyrics.ts) as the user last saved
 * them. revision counts the saves; an edit made from an older revision still wins (the last edit
 * wins per track) and the version it replaced is kept in conflict until the user picks one.
 */
export const audioLyrics = pgTable('audio_lyrics', {
  audioUuid: uuid('audio_uuid')
    .primaryKey()
    .references(() => audios.audioUuid, { onDelete: 'cascade' }),
  userUuid: uuid('user_uuid')
    .notNull()
    .references(() => users.userUuid, { onDelete: 'cascade' }),
  lyrics: jsonb('lyrics').notNull(),
  revision: integer('revision').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The version a save from an older revision replaced, with when it was saved; null: none. */
  conflict: jsonb('conflict'),
});

/**
 * Every render, whatever its kind (visualizer, single-frame; later canvas, particles, loop
 * extensions). The id is the spec's upload_uuid and the job id. Files live under
 * users/<user>/renders/<id>/. status is internal: (DRAFT →) QUEUED → RENDERING → COMPLETE | FAILED; the
 * thumbnail is written just before COMPLETE, so COMPLETE means both files exist.
 */
export const renders = pgTable(
  'renders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.userUuid, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    template: text('template').notNull(),
    /** The SceneSettings the engine draws with. */
    settings: jsonb('settings').notNull(),
    /** The track; null once the user deletes it (the name and length stay). */
    audioUuid: uuid('audio_uuid').references(() => audios.audioUuid, { onDelete: 'set null' }),
    audioFileName: text('audio_file_name').notNull(),
    durationSeconds: real('duration_seconds').notNull(),
    /** Image ids by slot (background, logo, album_art), as chosen at creation. */
    imageIds: jsonb('image_ids').$type<Record<string, string>>().notNull().default({}),
    /** DRAFT: a Canvas not yet finalized (not charged, not queued, listed nowhere). */
    status: text('status', {
      enum: ['DRAFT', 'QUEUED', 'RENDERING', 'COMPLETE', 'FAILED'],
    }).notNull(),
    framesDone: integer('frames_done').notNull().default(0),
    framesTotal: integer('frames_total').notNull().default(0),
    percentComplete: real('percent_complete').notNull().default(0),
    etaSeconds: real('eta_seconds'),
    progressUpdatedAt: timestamp('progress_updated_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    videoKey: text('video_key'),
    videoBytes: bigint('video_bytes', { mode: 'number' }),
    thumbnailKey: text('thumbnail_key'),
    jobId: text('job_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When a QUEUED render got one of its user's render slots and its job was sent; null while
     * it waits for one (render-slots.service.ts).
     */
    admittedAt: timestamp('admitted_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The job worker (job_workers.id) running its current attempt; null before the first. */
    workerId: uuid('worker_id'),
    /** The release kit it is a part of, and which part; null for a render of its own. */
    kitId: uuid('kit_id').references((): AnyPgColumn => releaseKits.id, { onDelete: 'set null' }),
    kitOutput: text('kit_output'),
    /** The stretch of the track it covers (a kit's hook clips); null: the whole track. */
    section: jsonb('section').$type<{
      startSeconds: number;
      endSeconds: number;
      fadeSeconds: number;
    }>(),
  },
  (table) => [
    index('renders_kit').on(table.kitId),
    index('renders_user_kind_created').on(table.userUuid, table.kind, table.createdAt),
    index('renders_waiting')
      .on(table.userUuid, table.createdAt, table.id)
      .where(sql`${table.status} = 'QUEUED' AND ${table.admittedAt} IS NULL`),
    index('renders_admitted_unfinished')
      .on(table.userUuid)
      .where(sql`${table.status} IN ('QUEUED', 'RENDERING') AND ${table.admittedAt} IS NOT NULL`),
  ],
);

/**
 * A release kit: one track and one look made into every video a release needs (issue 26). Its
 * parts are renders (renders.kit_id, renders.kit_output); the thumbnail is the full video's. The
 * plan (file names, sizes, the seconds each covers) is kept as it was made, so the kit still
 * names its files when a part is deleted. mailed_at: the one mail of the kit was sent.
 */
export const releaseKits = pgTable(
  'release_kits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.userUuid, { onDelete: 'cascade' }),
    audioUuid: uuid('audio_uuid').references(() => audios.audioUuid, { onDelete: 'set null' }),
    audioFileName: text('audio_file_name').notNull(),
    title: text('title').notNull(),
    artist: text('artist').notNull().default(''),
    template: text('template').notNull(),
    feed: text('feed').notNull(),
    bpm: real('bpm'),
    hookStartSeconds: real('hook_start_seconds').notNull(),
    hookEndSeconds: real('hook_end_seconds').notNull(),
    hookBars: integer('hook_bars').notNull(),
    fadeSeconds: real('fade_seconds').notNull(),
    parts: jsonb('parts').notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('release_kits_user_created').on(table.userUuid, table.createdAt)],
);

/**
 * The video library (spec 3, User video): clips the user uploaded (through the same tus path as
 * audio; processing_status null while the bytes arrive, then PROGRESSING → COMPLETE | FAILED
 * once ffprobe and the thumbnail ran) and the outputs of loop extensions (is_task_output, task
 * LOOP_EXTEND, task_status PROGRESSING → SUCCESS | FAILED). Files live under
 * users/<user>/videos/<id>/. retention_policy 'delete-after-30-days' is applied by the daily job
 * apply-retention.
 */
export const videos = pgTable(
  'videos',
  {
    videoUuid: uuid('video_uuid').primaryKey().defaultRandom(),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.userUuid, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }),
    mimetype: text('mimetype').notNull(),
    isTaskOutput: boolean('is_task_output').notNull().default(false),
    taskName: text('task_name', { enum: ['LOOP_EXTEND'] }),
    taskStatus: text('task_status', { enum: ['PROGRESSING', 'SUCCESS', 'FAILED'] }),
    processingStatus: text('processing_status', { enum: ['PROGRESSING', 'COMPLETE', 'FAILED'] }),
    error: text('error'),
    width: integer('width'),
    height: integer('height'),
    fps: real('fps'),
    durationSeconds: real('duration_seconds'),
    codec: text('codec'),
    videoKey: text('video_key'),
    thumbnailKey: text('thumbnail_key'),
    sourceVideoUuid: uuid('source_video_uuid'),
    audioUuid: uuid('audio_uuid').references(() => audios.audioUuid, { onDelete: 'set null' }),
    targetSeconds: real('target_seconds'),
    percentComplete: real('percent_complete').notNull().default(0),
    retentionPolicy: text('retention_policy', { enum: ['keep', 'delete-after-30-days'] })
      .notNull()
      .default('keep'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('videos_user_created').on(table.userUuid, table.createdAt)],
);

/**
 * A YouTube channel a user linked (spec 3, Linked channel) through Google's OAuth consent. The
 * refresh token is kept encrypted (AES-256-GCM, repositories/youtube/token-cipher.ts); nothing
 * else of Google's is stored. One user may link several channels; the same channel may be
 * linked by several users (each with their own grant).
 */
export const youtubeChannels = pgTable(
  'youtube_channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.userUuid, { onDelete: 'cascade' }),
    channelId: text('channel_id').notNull(),
    channelTitle: text('channel_title').notNull(),
    pictureUrl: text('picture_url'),
    refreshTokenSealed: text('refresh_token_sealed').notNull(),
    /** The scopes Google granted, space-separated (subscribing needs one more than uploading). */
    scopes: text('scopes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('youtube_channels_user_channel').on(table.userUuid, table.channelId)],
);

/**
 * A video published to a linked channel (spec 3, Upload entry): PENDING until SUCCESS or FAILED
 * (spec 4). The target is any finished video of the user: a render (visualizer, single-frame,
 * Canvas, particles) or a library video (uploaded clip, loop extension). session_url is the
 * resumable upload session, kept so that a worker killed mid-upload resumes the same session.
 */
export const youtubeUploads = pgTable(
  'youtube_uploads',
  {
    entryUuid: uuid('entry_uuid').primaryKey().defaultRandom(),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.userUuid, { onDelete: 'cascade' }),
    /** The linked channel; null once the user disconnects it (its id and title stay). */
    channelRowId: uuid('channel_row_id').references(() => youtubeChannels.id, {
      onDelete: 'set null',
    }),
    channelId: text('channel_id').notNull(),
    channelTitle: text('channel_title').notNull(),
    targetKind: text('target_kind', {
      enum: ['visualizer', 'single-frame', 'canvas', 'particles', 'video'],
    }).notNull(),
    targetUuid: uuid('target_uuid').notNull(),
    /** What the user chose: title, description, tags, privacy, schedule, category, kids, thumbnail. */
    uploadConfig: jsonb('upload_config').notNull(),
    status: text('status', { enum: ['PENDING', 'SUCCESS', 'FAILED'] }).notNull(),
    reason: text('reason'),
    bytesTotal: bigint('bytes_total', { mode: 'number' }),
    bytesSent: bigint('bytes_sent', { mode: 'number' }).notNull().default(0),
    sessionUrl: text('session_url'),
    youtubeVideoId: text('youtube_video_id'),
    /** Whether the chosen thumbnail was set: null (none chosen or not yet), 'SET', or why not. */
    thumbnailResult: text('thumbnail_result'),
    /** Whether the lyrics' caption track was added: null (none asked for or not yet), 'SET', or why not. */
    captionsResult: text('captions_result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('youtube_uploads_user_created').on(table.userUuid, table.createdAt),
    index('youtube_uploads_target').on(table.targetUuid),
  ],
);
