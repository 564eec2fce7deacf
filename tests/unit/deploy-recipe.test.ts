// The deployment recipe (Dockerfile, compose.yaml, Caddyfile) runs what the topology harness
// measured: the same entry points, and only settings the product reads. Docker is not needed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { SETTING_NAMES } from '../../server/config';
import {
  API_SETTINGS,
  ROLE_ENTRIES,
  sharedSettings,
  TEST_ONLY_SETTINGS,
} from '../support/topology-settings';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const packageJson = JSON.parse(read('package.json')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
  scripts: Record<string, string>;
};
const dockerfile = read('Dockerfile');
// compose.yaml shares its settings through YAML merge keys (<<: *environment).
const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<
    string,
    {
      command?: string[];
      environment?: Record<string, string>;
      deploy?: { replicas?: number };
      healthcheck?: { disable?: boolean };
    }
  >;
};
const { api, worker } = compose.services;

/** The Dockerfile's last stage (the image that runs), continuation lines joined. */
const runStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM ')).replace(/\\\n\s*/g, ' ');
/** The arguments of every instruction of that name in the last stage, joined. */
const instruction = (name: string) =>
  [...runStage.matchAll(new RegExp(`^${name} (.*)$`, 'gm'))].map((match) => match[1]).join('\n');

const harness = {
  ...sharedSettings({
    databaseUrl: 'postgres://postgres@127.0.0.1:5432/x',
    s3Endpoint: 'http://127.0.0.1:1',
    proxyUrl: 'http://127.0.0.1:2',
  }),
  ...API_SETTINGS,
};

describe('the deployment recipe', () => {
  test('builds and runs on the Node of package.json, as a user other than root', () => {
    const major = /(\d+)/.exec(packageJson.engines.node)![1];
    const bases = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((match) => match[1]);
    expect(bases).toEqual([`node:${major}-bookworm-slim`, `node:${major}-bookworm-slim`]);
    // npm start and npm test outside the image run the Node.js the npm package `node` brings.
    expect(packageJson.dependencies.node).toMatch(new RegExp(`^${major}\\.`));
    expect(instruction('USER').trim()).toBe('node');
    expect(dockerfile).toMatch(/npm ci\b/);
    expect(dockerfile).toMatch(/npm run build\b/);
    expect(instruction('RUN')).toMatch(/apt-get install .*ffmpeg/s);
  });

  test('the image starts the API the harness starts and checks its liveness answer', () => {
    expect(JSON.parse(instruction('CMD'))).toEqual(['node', '--import', 'tsx', ROLE_ENTRIES.api]);
    expect(instruction('HEALTHCHECK')).toContain('/api/health');
    expect(api!.command).toEqual(['node', '--import', 'tsx', ROLE_ENTRIES.api]);
    expect(api!.deploy?.replicas).toBe(2);
  });

  test('the workers run `npm run worker`, the entry point the harness starts', () => {
    expect(worker!.command).toEqual(['npm', 'run', 'worker']);
    expect(packageJson.scripts.worker).toBe(`tsx ${ROLE_ENTRIES.worker}`);
    expect(worker!.deploy?.replicas).toBe(2);
    expect(worker!.healthcheck?.disable).toBe(true);
  });

  test('every variable the image and compose set is one server/config.ts reads', () => {
    const imageEnv = [...instruction('ENV').matchAll(/([A-Z_]+)=/g)].map((match) => match[1]);
    const set = new Set([
      ...imageEnv,
      ...Object.keys(api!.environment!),
      ...Object.keys(worker!.environment!),
    ]);
    expect(set.size).toBeGreaterThan(20);
    expect([...set].filter((name) => !SETTING_NAMES.includes(name!))).toEqual([]);
  });

  test('compose gives each role what the harness gives it, tuning for tests aside', () => {
    const needed = Object.keys(harness).filter((name) => !TEST_ONLY_SETTINGS.includes(name));
    const apiNames = Object.keys(api!.environment!);
    const workerNames = Object.keys(worker!.environment!);
    expect(needed.filter((name) => !apiNames.includes(name))).toEqual([]);
    const workerNeeds = needed.filter((name) => !(name in API_SETTINGS));
    expect(workerNeeds.filter((name) => !workerNames.includes(name))).toEqual([]);
    expect(api!.environment!.WORKER).toBe('off');
    expect(worker!.environment!.WORKER).toBeUndefined();
  });

  test('Caddy proxies to every api replica on the port the image listens on', () => {
    const port = /PORT=(\d+)/.exec(instruction('ENV'))![1];
    const caddyfile = read('Caddyfile');
    expect(caddyfile).toMatch(new RegExp(`name api\\s+port ${port}`));
    expect(caddyfile).toContain('lb_policy round_robin');
    expect(compose.services.caddy?.environment?.WAVEFRAME_DOMAIN).toBeDefined();
  });
});
