import { createTempDatabase, testDatabaseUrl } from './postgres';

export interface Backend {
  name: 'pglite' | 'postgres';
  /** Environment for a server or worker using this backend; a fresh database each call. */
  prepare(): Promise<{ env: Record<string, string>; remove(): Promise<void> }>;
}

const pglite: Backend = {
  name: 'pglite',
  prepare: async () => ({ env: {}, remove: async () => {} }),
};

const postgres = (baseUrl: string): Backend => ({
  name: 'postgres',
  async prepare() {
    const database = await createTempDatabase(baseUrl);
    return { env: { DATABASE_URL: database.url }, remove: database.remove };
  },
});

/**
 * For the API tests where the database matters: PGlite always, and PostgreSQL too when
 * TEST_DATABASE_URL names a server (as .ci/run does). The two differ in what a test can see
 * only where the database itself decides: requests racing for the same rows (credits, leases,
 * webhooks, advisory locks), the job queue and the processes around it (separate workers,
 * expiry, retries), and boot (migrations, a restart). Files that test those run on both; the
 * list and the reason for each is in docs/testing.md.
 */
export const backends: Backend[] = [
  pglite,
  ...(testDatabaseUrl ? [postgres(testDatabaseUrl)] : []),
];

/**
 * For the API tests of everything else (the same Drizzle queries, one request at a time): the
 * embedded database alone, as `npm start` runs the product.
 */
export const embeddedBackend: Backend[] = [pglite];

export const postgresBackend: Backend | null = testDatabaseUrl ? postgres(testDatabaseUrl) : null;
