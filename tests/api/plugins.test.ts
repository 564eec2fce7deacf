// The audio plugins (issue 14) against the real server: the public list from the operator's
// folder (a copy of tests/fixtures/plugins), licence keys checked with the public key alone, the
// premium limit on downloads and licences, another user's licence, and a folder gone wrong.
import { createHash } from 'node:crypto';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bytesToBase64url, base64urlToBytes } from '../../core/plugins/bytes';
import { verifyLicence } from '../../core/plugins/licence';
import { eq } from 'drizzle-orm';
import { plans } from '../../server/db/schema';
import { setPlanByEmail } from '../../server/services/payments/plan-change.service';
import { RENEWAL_GRACE_DAYS } from '../../server/services/payments/plan-lapse';
import { ApiClient } from '../support/api-client';
import { embeddedBackend } from '../support/backends';
import { healthDetails } from '../support/health';
import { startInProcessServer, type InProcessServer } from '../support/in-process-server';
import { signUp, type Account } from '../support/renders-client';
import { makeTempDir } from '../support/temp-dir';

const FIXTURES = path.resolve('tests/fixtures/plugins');
const PLUGIN = 'ganymede-visualizer';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(embeddedBackend)('audio plugins on $name', (backend) => {
  let server: InProcessServer;
  let removeDatabase: () => Promise<void>;
  let folder: Awaited<ReturnType<typeof makeTempDir>>;
  let free: Account;
  let premium: Account;
  let publicKey: string;

  beforeAll(async () => {
    const prepared = await backend.prepare();
    removeDatabase = prepared.remove;
    folder = await makeTempDir('plugins-folder');
    await cp(FIXTURES, folder.dir, { recursive: true });
    server = await startInProcessServer({ ...prepared.env, PLUGINS_DIR: folder.dir });
    [free, premium] = [await signUp(server.url), await signUp(server.url)];
    await setPlanByEmail(server.context.db, premium.email, 'plan_tier_one_monthly');
    publicKey = (await new ApiClient(server.url).get('/api/plugins')).body.licence_public_key;
  });
  afterAll(async () => {
    await server?.stop();
    await folder?.remove();
    await removeDatabase?.();
  });

  const fixture = (platform: string) =>
    readFile(path.join(FIXTURES, `ganymede-visualizer-1.0.0-${platform}.txt`));
  const licenceOf = (api: ApiClient) => api.get(`/api/plugins/${PLUGIN}/licence`);
  const download = (api: ApiClient, platform: string, query = '') =>
    api.get(`/api/plugins/${PLUGIN}/download/${platform}${query}`);

  test('the public list gives every checked release and the licence public key', async () => {
    const answer = await new ApiClient(server.url).get('/api/plugins');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    const manifest = JSON.parse(await readFile(path.join(FIXTURES, 'manifest.json'), 'utf8'));
    const entry = manifest.plugins[0];
    expect(answer.body.plugins).toEqual([
      {
        id: PLUGIN,
        name: entry.name,
        description: entry.description,
        premium: true,
        releases: entry.releases.map((r: Record<string, unknown>) => ({
          version: r.version,
          platform: r.platform,
          file_name: r.file,
          size: r.size,
          sha256: r.sha256,
        })),
      },
    ]);
    expect(answer.body.licence_public_key).toMatch(
      /^-----BEGIN PUBLIC KEY-----\n[\w+/=]+\n-----END PUBLIC KEY-----\n$/,
    );
    const health = (await healthDetails(server.url)).body;
    expect(health.plugins).toEqual({ ok: true, manifestFound: true, offered: 1, problems: [] });
  });

  test('licences and downloads need a signed-in user', async () => {
    const visitor = new ApiClient(server.url);
    for (const answer of [await licenceOf(visitor), await download(visitor, 'linux')]) {
      expect(answer.status).toBe(401);
      expect(answer.body.exc).toBe('NotAuthenticated');
    }
  });

  test('a free plan gets neither the file nor a licence of a premium plugin, and is told why', async () => {
    for (const answer of [await download(free.api, 'linux'), await licenceOf(free.api)]) {
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({
        exc: 'PremiumRequired',
        message:
          'Ganymede Visualizer comes with a premium plan: upgrade to download it and get its licence key.',
      });
    }
  });

  test('a premium plan downloads each platform’s file, byte for byte, with its size, name and hash', async () => {
    for (const platform of ['windows', 'macos', 'linux']) {
      const expected = await fixture(platform);
      const response = await fetch(`${server.url}/api/plugins/${PLUGIN}/download/${platform}`, {
        headers: { cookie: [...premium.api.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      expect(response.status).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.equals(expected)).toBe(true);
      expect(response.headers.get('content-length')).toBe(String(expected.length));
      expect(response.headers.get('content-type')).toBe('application/octet-stream');
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="ganymede-visualizer-1.0.0-${platform}.txt"`,
      );
      expect(response.headers.get('etag')).toBe(`"${sha256(expected)}"`);
      expect(response.headers.get('x-content-sha256')).toBe(sha256(expected));
    }
    const again = await premium.api.call(
      'GET',
      `/api/plugins/${PLUGIN}/download/linux`,
      undefined,
      {
        headers: { 'if-none-match': `"${sha256(await fixture('linux'))}"` },
      },
    );
    expect(again.status).toBe(304);
    expect(again.raw).toBe('');
  });

  test('unknown plugins, platforms and versions answer 404 with the reason', async () => {
    const cases: Array<[string, string]> = [
      ['/api/plugins/no-such-plugin/download/linux', 'There is no such plugin.'],
      [`/api/plugins/${PLUGIN}/download/amiga`, 'There is no such platform.'],
      [
        `/api/plugins/${PLUGIN}/download/linux?version=9.9.9`,
        'Ganymede Visualizer 9.9.9 is not available for Linux.',
      ],
      ['/api/plugins/no-such-plugin/licence', 'There is no such plugin.'],
    ];
    for (const [url, message] of cases) {
      const answer = await premium.api.get(url);
      expect(answer.status, url).toBe(404);
      expect(answer.body).toEqual({ exc: 'NotFound', message });
    }
    expect((await download(premium.api, 'linux', '?version=1.0.0')).status).toBe(200);
  });

  test('a premium user’s licence key is theirs, verifies offline with the public key, and lasts a year', async () => {
    const answer = await licenceOf(premium.api);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const { licence_key: key, issued_at, expires_at } = answer.body;
    expect(answer.body).toMatchObject({ plugin: PLUGIN, user_uuid: premium.userUuid });
    const check = await verifyLicence(key, publicKey, { plugin: PLUGIN, userId: premium.userUuid });
    expect(check).toMatchObject({
      valid: true,
      payload: { v: 1, sub: premium.userUuid, plugin: PLUGIN },
    });
    // Issued from the start of the UTC day: the same key all day.
    expect(issued_at).toMatch(/T00:00:00\.000Z$/);
    expect(Date.parse(expires_at) - Date.parse(issued_at)).toBe(365 * 86_400_000);
    expect((await licenceOf(premium.api)).body.licence_key).toBe(key);
  });

  test('a key bought with a month of a plan lasts as long as the plan is paid, not a year', async () => {
    const monthly = await signUp(server.url);
    await setPlanByEmail(server.context.db, monthly.email, 'plan_tier_one_monthly');
    const periodEnd = new Date(Date.now() + 30 * 86_400_000);
    const paidUntil = async (cancelAtPeriodEnd: boolean) => {
      await server.context.db
        .update(plans)
        .set({ paymentProcessor: 'STRIPE', periodEnd, cancelAtPeriodEnd })
        .where(eq(plans.userUuid, monthly.userUuid));
      const answer = await licenceOf(monthly.api);
      expect(answer.status).toBe(200);
      const check = await verifyLicence(answer.body.licence_key, publicKey, {
        plugin: PLUGIN,
        userId: monthly.userUuid,
      });
      expect(check.valid).toBe(true);
      return answer.body.expires_at as string;
    };
    const second = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000).toISOString();
    // A plan that renews: its key lasts until the plan would lapse unpaid (the renewal's grace).
    expect(await paidUntil(false)).toBe(
      second(new Date(periodEnd.getTime() + RENEWAL_GRACE_DAYS * 86_400_000)),
    );
    // A cancelled one: until its paid period ends.
    expect(await paidUntil(true)).toBe(second(periodEnd));
  });

  test('another user’s licence: each user gets only their own, and one user’s key is no key for another', async () => {
    const other = await signUp(server.url);
    await setPlanByEmail(server.context.db, other.email, 'plan_unlimited_monthly');
    const mine = (await licenceOf(premium.api)).body.licence_key as string;
    // Naming the other user anywhere in the call changes nothing: the session decides.
    const theirs = await other.api.get(
      `/api/plugins/${PLUGIN}/licence?user_uuid=${premium.userUuid}&sub=${premium.userUuid}`,
    );
    expect(theirs.body.user_uuid).toBe(other.userUuid);
    expect(theirs.body.licence_key).not.toBe(mine);
    expect(
      await verifyLicence(theirs.body.licence_key, publicKey, { userId: other.userUuid }),
    ).toMatchObject({ valid: true });

    // My key does not pass as theirs, and rewriting its user breaks the signature.
    expect(await verifyLicence(mine, publicKey, { userId: other.userUuid })).toMatchObject({
      valid: false,
      reason: 'other-user',
    });
    const [prefix, body, signature] = mine.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(base64urlToBytes(body)).toString('utf8'));
    payload.sub = other.userUuid;
    const rewritten = `${prefix}.${bytesToBase64url(Buffer.from(JSON.stringify(payload)))}.${signature}`;
    expect(await verifyLicence(rewritten, publicKey, { userId: other.userUuid })).toMatchObject({
      valid: false,
      reason: 'bad-signature',
    });
  });

  test('a file that no longer matches the manifest, or a broken manifest, is never served; the server keeps answering', async () => {
    const linux = path.join(folder.dir, 'ganymede-visualizer-1.0.0-linux.txt');
    const manifestFile = path.join(folder.dir, 'manifest.json');
    const original = await readFile(linux);
    const originalManifest = await readFile(manifestFile, 'utf8');
    try {
      const altered = Buffer.from(original);
      altered[0] = altered[0]! ^ 1;
      await writeFile(linux, altered);
      expect((await download(premium.api, 'linux')).status).toBe(404);
      const list = (await new ApiClient(server.url).get('/api/plugins')).body;
      expect(list.plugins[0].releases.map((r: { platform: string }) => r.platform)).toEqual([
        'windows',
        'macos',
      ]);
      const health = (await healthDetails(server.url)).body;
      expect(health.plugins.ok).toBe(false);
      expect(health.plugins.problems).toEqual([
        expect.stringMatching(/^ganymede-visualizer 1\.0\.0 for linux: .* has the SHA-256 /),
      ]);
      expect(
        server.logLines.some((line) =>
          line.includes('Audio plugins: ganymede-visualizer 1.0.0 for linux'),
        ),
      ).toBe(true);

      await writeFile(manifestFile, '{"plugins": [');
      expect((await new ApiClient(server.url).get('/api/plugins')).body.plugins).toEqual([]);
      expect((await download(premium.api, 'windows')).status).toBe(404);
      expect((await healthDetails(server.url)).status).toBe(200);

      // A plugin the manifest does not mark premium: free plans download it and get a licence.
      await writeFile(
        manifestFile,
        originalManifest.replace('"premium": true', '"premium": false'),
      );
      expect((await download(free.api, 'windows')).status).toBe(200);
      expect((await licenceOf(free.api)).body.user_uuid).toBe(free.userUuid);
    } finally {
      await writeFile(linux, original);
      await writeFile(manifestFile, originalManifest);
    }
  });
});
