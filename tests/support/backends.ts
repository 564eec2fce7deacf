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

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server (as .ci/run does). */
export const backends: Backend[] = [
  pglite,
  ...(testDatabaseUrl ? [postgres(testDatabaseUrl)] : []),
];
export const postgresBackend: Backend | null = testDatabaseUrl ? postgres(testDatabaseUrl) : null;
