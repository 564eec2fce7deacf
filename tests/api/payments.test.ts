// Plans and payments against the real server (issue 12): the operator's command moves a user
// onto a plan of the catalogue and grants its credits through the credit ledger once per period.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { findPlan } from '../../core/plans/catalogue';
import { ApiClient } from '../support/api-client';
import { backends } from '../support/backends';
import { signUp } from '../support/renders-client';
import { startServer, type RunningServer } from '../support/server-process';
import { makeTempDir } from '../support/temp-dir';

vi.setConfig({ testTimeout: 120_000 });

const root = path.resolve(import.meta.dirname, '../..');

/** `npm run admin -- <args>` as the operator runs it (the script itself, without npm's banner). */
function admin(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
    child.on('exit', (code) => resolve({ code, output: output.trim() }));
  });
}

describe.each(backends)('npm run admin -- plan, on $name', (backend) => {
  let dataDir: Awaited<ReturnType<typeof makeTempDir>>;
  let database: Awaited<ReturnType<(typeof backend)['prepare']>>;
  let env: Record<string, string>;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    dataDir = await makeTempDir('payments');
    database = await backend.prepare();
    env = {
      DATA_DIR: dataDir.dir,
      WEB_DIST_DIR: path.join(dataDir.dir, 'no-web-build'),
      ...database.env,
    };
  });

  afterAll(async () => {
    await server?.stop();
    await database?.remove();
    await dataDir?.remove();
  });

  /** The same signed-in browser against a restarted server. */
  const reconnect = (api: ApiClient, url: string) => {
    const fresh = new ApiClient(url);
    for (const [name, value] of api.cookies) fresh.cookies.set(name, value);
    return fresh;
  };

  test('moves a user onto a plan, grants its credits once per period, and refuses bad input', async () => {
    server = await startServer(env);
    const { api, email } = await signUp(server.url);
    const before = (await api.get('/api/payment/plan')).body;
    expect(before).toMatchObject({ plan: 'free_tier', is_premium: false });

    if (backend.name === 'pglite') {
      const busy = await admin(['plan', email, 'plan_tier_one_monthly'], env);
      expect(busy.code).toBe(1);
      expect(busy.output).toContain('The server is running on this data folder');
    }
    // PGlite serves one process per data folder; on PostgreSQL the command could run beside it.
    await server.stop();
    server = undefined;

    const creator = findPlan('plan_tier_one_monthly')!;
    const first = await admin(['plan', email.toUpperCase(), 'plan_tier_one_monthly'], env);
    expect(first).toEqual({
      code: 0,
      output: `${email.toUpperCase()} is now on plan_tier_one_monthly (Creator). Granted ${creator.vizCredits} visualizer and ${creator.canvasCredits} Canvas credits for this month.`,
    });
    const again = await admin(['plan', email, 'plan_tier_one_monthly'], env);
    expect(again.code).toBe(0);
    expect(again.output).toContain("This month's credits had already been granted.");
    for (const [args, message] of [
      [['plan', email, 'gold'], 'There is no plan "gold".'],
      [
        ['plan', 'nobody@example.com', 'plan_tier_one_monthly'],
        'No account uses nobody@example.com.',
      ],
      [['credits', email], 'Usage: npm run admin -- plan <email> <plan>'],
    ] as const) {
      const refused = await admin([...args], env);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(message);
    }

    server = await startServer(env);
    const signedIn = reconnect(api, server.url);
    const after = (await signedIn.get('/api/payment/plan')).body;
    expect(after).toMatchObject({
      plan: 'plan_tier_one_monthly',
      is_premium: true,
      account_level: creator.accountLevel,
      viz_credits: before.viz_credits + creator.vizCredits,
      canvas_credits: before.canvas_credits + creator.canvasCredits,
      billing_status: 'active',
      past_due: false,
    });
    await server.stop();
    server = undefined;

    const unlimited = await admin(['plan', email, 'plan_unlimited_monthly'], env);
    expect(unlimited.output).toContain('Its credits are unlimited.');
    server = await startServer(env);
    const onUnlimited = (await reconnect(api, server.url).get('/api/payment/plan')).body;
    expect(onUnlimited).toMatchObject({
      plan: 'plan_unlimited_monthly',
      viz_credits: -1,
      canvas_credits: -1,
    });
  });
});
