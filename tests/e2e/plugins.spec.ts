// The audio plugins (issue 14): the public pages show the plugin the operator's manifest offers
// (tests/fixtures/plugins, named by PLUGINS_DIR in playwright.config.ts) and open offline after a
// visit; a signed-in free user is shown Upgrade instead of downloads and a licence key; once the
// plan is premium the user copies a licence key that checks out and downloads the release file,
// whose bytes match the manifest's SHA-256.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { verifyLicence } from '../../core/plugins/licence';
import { signUpThroughApi, subscribeThroughStandIn } from './account-helpers';
import { expect, expectScreen, test } from './fixtures';
import { waitForServiceWorker } from './render-helpers';

const FIXTURES = path.resolve('tests/fixtures/plugins');
interface FixtureRelease {
  version: string;
  platform: string;
  file: string;
  size: number;
  sha256: string;
}
const manifest = JSON.parse(readFileSync(path.join(FIXTURES, 'manifest.json'), 'utf8')) as {
  plugins: { id: string; name: string; releases: FixtureRelease[] }[];
};
const ganymede = manifest.plugins[0]!;
const linux = ganymede.releases.find((release) => release.platform === 'linux')!;

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(name), fullPage: true });

test('the public plugin pages show the manifest’s releases and the public key, and open offline after a visit', async ({
  page,
  context,
}) => {
  await page.goto('/audio-plugins');
  await expectScreen(page, 'Audio Plugins');
  await expect(page.getByTestId('ganymede-availability')).toHaveText(
    'Version 1.0.0 for Windows, macOS and Linux',
  );
  await shot(page, 'audio-plugins.png');
  await page.getByRole('link', { name: 'About Ganymede Visualizer' }).click();

  await expectScreen(page, 'Ganymede Visualizer Plugin');
  for (const release of ganymede.releases) {
    const row = page.getByTestId(`release-${release.platform}`);
    await expect(row).toContainText(`Version ${release.version}`);
    await expect(row).toContainText(release.sha256);
    await expect(row).toContainText(`SHA-256 of ${release.file}`);
  }
  await expect(page.getByTestId('release-linux')).toContainText('2.8 KB');
  const publicKey = (await (await page.request.get('/api/plugins')).json()).licence_public_key;
  await expect(page.getByTestId('licence-public-key')).toHaveText(publicKey.trim());
  await expect(
    page.getByTestId('ganymede-get-it').getByRole('link', { name: 'Log in' }),
  ).toBeVisible();
  await shot(page, 'ganymede.png');
  await page.setViewportSize({ width: 390, height: 800 });
  await shot(page, 'ganymede-390.png');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'nothing is wider than a phone').toBeLessThanOrEqual(390);

  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  await expectScreen(page, 'Ganymede Visualizer Plugin');
  await expect(page.getByRole('heading', { name: 'System requirements' })).toBeVisible();
  await expect(page.getByTestId('catalogue-notice')).toContainText('Downloads need a connection');
  await expect(page.getByTestId('release-linux')).toContainText(linux.sha256);
  await context.setOffline(false);
});

test('a free user is offered Upgrade; on a premium plan they copy a licence key that checks out and download the release', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUpThroughApi(page, { tag: 'plugins', password: 'plugins-pass-1', verified: true });

  await page.goto('/media/plugins');
  await expectScreen(page, 'My Plugins');
  const card = page.getByTestId(`plugin-${ganymede.id}`);
  await expect(card.getByTestId('licence-upgrade')).toContainText(
    'Ganymede Visualizer comes with the premium plans',
  );
  await expect(card.getByRole('button', { name: 'Download for Linux' })).toBeDisabled();
  await expect(
    card.getByRole('link', { name: 'Upgrade to download Ganymede Visualizer for Linux' }),
  ).toHaveAttribute('href', '/premium');
  await shot(page, 'my-plugins-free.png');

  // The plan becomes premium through the card provider's stand-in, as a payment would make it.
  await subscribeThroughStandIn(page);

  await page.reload();
  await expectScreen(page, 'My Plugins');
  const key = card.getByTestId('licence-key');
  await expect(key).toHaveText(/^WF1\./);
  await expect(card.getByTestId('licence-check')).toHaveText(
    'Checked in this browser with the public key below: the signature is genuine.',
  );
  await expect(card.getByTestId('licence-expiry')).toContainText('valid until');
  await card.getByRole('button', { name: 'Copy licence key' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await key.textContent());
  const publicKey = await page.getByTestId('licence-public-key').textContent();
  const userId = (await (await page.request.get('/api/auth/user')).json()).user.user_uuid;
  expect(await verifyLicence(copied, publicKey!, { plugin: ganymede.id, userId })).toMatchObject({
    valid: true,
  });
  await shot(page, 'my-plugins-premium.png');

  const downloading = page.waitForEvent('download');
  await card.getByRole('link', { name: 'Download for Linux' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(linux.file);
  const bytes = await readFile((await download.path())!);
  expect(bytes.length).toBe(linux.size);
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(linux.sha256);
});
