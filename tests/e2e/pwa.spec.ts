import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { collectConsoleErrors, expect, expectScreen, test } from './fixtures';
import { waitForServiceWorker } from './render-helpers';

test('the service worker activates and the app works offline', async ({ page, context }) => {
  await page.goto('/');
  await expectScreen(page, 'Turn your music into videos');
  // The first page loads the shell and its own screen; each other feature's code is its own
  // chunk, which the service worker precaches (the offline visits below open screens never
  // visited online, so their chunks can only come from the precache).
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((name) => name.endsWith('.js')),
  );
  expect(scripts.some((name) => /\/public-[\w-]+\.js$/.test(name))).toBe(true);
  expect(
    scripts.filter((name) =>
      /\/(render-editor|lyrics-editor|release-kits|tools)-[\w-]+\.js$/.test(name),
    ),
  ).toEqual([]);
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  await expectScreen(page, 'Turn your music into videos');

  // A deep link that was never visited is served from the precached app shell.
  await page.goto('/spotify-canvas-videos/faq');
  await expectScreen(page, 'Spotify Canvas FAQ');

  // The tempo tool's worker script comes from the precache too.
  await page.goto('/tools/time-tempo-bpm-to-milliseconds-ms');
  await expectScreen(page, 'BPM to Milliseconds Calculator');
  await page.getByLabel('Tempo (BPM)').fill('60');
  await expect(
    page.getByTestId('tempo-results').locator('tr[data-note="quarter"] td[data-kind="straight"]'),
  ).toHaveText('1000');

  await context.setOffline(false);
});

test('Chromium considers the app installable', async ({ playwright, baseURL }, testInfo) => {
  // Installability is never granted to incognito contexts, so this test uses a persistent profile.
  const profile = mkdtempSync(path.join(os.tmpdir(), 'waveframe-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const errors: string[] = [];
    collectConsoleErrors(page, errors);
    await page.goto('/');
    await expectScreen(page, 'Turn your music into videos');
    await waitForServiceWorker(page);

    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors)
      .toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the web manifest names the app and its icons', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { sizes: string; purpose?: string }[];
  };
  expect(manifest.name).toBe('Waveframe');
  expect(manifest.start_url).toBe('/');
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of ['icon-192.png', 'icon-512.png', 'icon-maskable-512.png']) {
    const image = await request.get(`/icons/${icon}`);
    expect(image.headers()['content-type']).toBe('image/png');
  }
});
