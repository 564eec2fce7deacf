import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** TEST_DATABASE_URL, when a PostgreSQL server is there to test against. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

/**
 * A fresh, empty database on the test PostgreSQL server, dropped by remove(): tests never see
 * each other's data or a previous run's.
 */
export async function createTempDatabase(
  baseUrl: string,
): Promise<{ url: string; remove(): Promise<void> }> {
  const name = `waveframe_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async remove() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
