import { readFileSync } from 'node:fs';

/** The product version from package.json, reported by /api/health/details and the logs. */
export const appVersion: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;
