// The three colour and caption tools in Chromium, used as a visitor would and signed out: the RGB
// colour creator (sliders, hex, contrast, copy, recent colours), the image colour picker (a local
// image, its palette from the worker, a pixel picked with the keyboard), the Instagram line-break
// spacer (blank lines held, count, copy); all six tools on /tools; the picker offline after a
// visit. Each tool leaves a screenshot in the test's output folder.
import type { Page } from '@playwright/test';
import { BRAILLE_BLANK } from '../../core/text/instagram-spacer';
import { expect, expectScreen, test } from './fixtures';
import { fixture, waitForServiceWorker } from './render-helpers';

const RGB_TOOL = '/tools/color/rgb-color-creator';
const PICKER_TOOL = '/tools/color/image-color-picker';
const SPACER_TOOL = '/tools/instagram-line-breaks-text-spacer';
const IMAGE = fixture('images/truchet-1000.jpg');

test.use({
  storageState: { cookies: [], origins: [] },
  permissions: ['clipboard-read', 'clipboard-write'],
});

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function openPickerWithImage(page: Page) {
  await page.locator('input[type="file"][accept="image/*"]').setInputFiles(IMAGE);
  await expect(page.getByTestId('image-canvas')).toBeVisible();
  await expect(page.getByTestId('palette').locator('[data-hex]')).toHaveCount(8, {
    timeout: 20_000,
  });
}

test('/tools lists all six tools, each ready', async ({ page }) => {
  await page.goto('/tools');
  const cards = page.locator('a[href^="/tools/"]');
  await expect(cards).toHaveCount(6);
  for (const name of [
    'RGB Color Creator',
    'Image Color Picker',
    'Instagram Line Break Spacer',
    'BPM to Milliseconds Calculator',
    'Hertz to Milliseconds Converter',
    'Particle System Editor',
  ]) {
    await expect(cards.filter({ hasText: name })).toHaveCount(1);
  }
});

test('the RGB colour creator keeps every form in step, rates contrast, copies and remembers', async ({
  page,
}) => {
  await page.goto(RGB_TOOL);
  await expectScreen(page, 'RGB Color Creator');
  const hex = page.getByRole('textbox', { name: 'Hex' });
  const swatch = page.getByTestId('color-swatch');
  await expect(hex).toHaveValue('#1e90ff');

  // A slider moved with the keyboard, then with the mouse.
  const red = page.getByRole('slider', { name: 'Red slider' });
  await red.focus();
  await red.press('ArrowRight');
  await red.press('ArrowRight');
  await expect(hex).toHaveValue('#2090ff');
  await expect(page.getByRole('textbox', { name: 'Red', exact: true })).toHaveValue('32');
  const track = await red
    .locator('xpath=ancestor::*[contains(@class,"mantine-Slider-root")]')
    .boundingBox();
  if (!track) throw new Error('no slider track');
  await page.mouse.click(track.x + 2, track.y + track.height / 2);
  await expect(hex).toHaveValue('#0090ff');

  await hex.fill('#ff8800');
  await expect(swatch).toHaveAttribute('data-color', '#ff8800');
  await expect(page.getByRole('textbox', { name: 'Hue' })).toHaveValue('32°');
  await expect(page.getByTestId('contrast-black-verdict')).toHaveText('AAA');
  await expect(page.getByTestId('contrast-white-verdict')).toHaveText('Fails');

  await hex.fill('#ff88zz');
  await expect(page.getByText(/Enter a hex colour of 3 or 6 digits/)).toBeVisible();
  await expect(swatch).toHaveAttribute('data-color', '#ff8800');

  await page.getByRole('textbox', { name: 'Lightness' }).fill('20');
  await expect(hex).toHaveValue('#663600');
  await page.getByRole('button', { name: 'Copy hex #663600' }).click();
  await expect(page.getByRole('button', { name: 'Copy hex #663600' })).toHaveText('Copied');
  await expect(
    page.locator('.mantine-Notification-root', { hasText: 'Copied #663600' }),
  ).toBeVisible();
  expect(await clipboard(page)).toBe('#663600');
  await page.getByRole('button', { name: 'Copy rgb rgb(102, 54, 0)' }).click();
  expect(await clipboard(page)).toBe('rgb(102, 54, 0)');

  // Kept on this device: after a reload the colour is the last one made, and restorable.
  await page.reload();
  await expect(hex).toHaveValue('#663600');
  await page.getByRole('button', { name: 'Restore #663600' }).focus();
  await hex.fill('#123');
  await page.getByRole('button', { name: 'Restore #663600' }).click();
  await expect(hex).toHaveValue('#663600');
  await screenshot(page, 'rgb-color-creator');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'rgb-color-creator-narrow');
});

test('the image colour picker shows a local image, its palette and a pixel picked by keyboard', async ({
  page,
}) => {
  await page.goto(PICKER_TOOL);
  await expectScreen(page, 'Image Color Picker');
  await openPickerWithImage(page);
  expect(page.workers().some((worker) => worker.url().includes('palette.worker'))).toBe(true);

  const stage = page.getByRole('application');
  await stage.focus();
  await expect(page.getByTestId('loupe')).toBeVisible();
  const readout = page.getByTestId('crosshair-readout');
  await expect(readout).toContainText('Crosshair at 500, 500');
  await stage.press('Shift+ArrowLeft');
  await stage.press('ArrowUp');
  await expect(readout).toContainText('Crosshair at 490, 499');
  const underCrosshair = (await readout.textContent())?.match(/#[0-9a-f]{6}/)?.[0];
  await stage.press('Enter');
  const picked = page.getByTestId('picked-color');
  await expect(picked).toHaveAttribute('data-hex', underCrosshair ?? 'none');
  await expect(picked).toContainText('From pixel 490, 499');
  await picked.getByRole('button', { name: /^Copy hsl / }).click();
  expect(await clipboard(page)).toMatch(/^hsl\(\d+, \d+%, \d+%\)$/);

  // A palette colour: chosen, and copied from its swatch.
  const first = page.getByTestId('palette').locator('[data-hex]').first();
  const firstHex = await first.getAttribute('data-hex');
  await first.getByRole('button', { name: `Copy ${firstHex}` }).click();
  expect(await clipboard(page)).toBe(firstHex);
  await first.getByRole('button', { name: `Choose ${firstHex}` }).click();
  await expect(picked).toHaveAttribute('data-hex', firstHex ?? 'none');

  // A click picks the pixel under the pointer; the loupe follows the pointer.
  await page
    .getByTestId('image-canvas')
    .evaluate((canvas) => canvas.scrollIntoView({ block: 'center' }));
  const box = await page.getByTestId('image-canvas').boundingBox();
  if (!box) throw new Error('no canvas');
  await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.25);
  await expect(page.getByTestId('loupe')).toBeVisible();
  await screenshot(page, 'image-color-picker');
  await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.25);
  await expect(picked).toContainText(/From pixel (24\d|25\d), (24\d|25\d)/);

  await page.locator('input[type="file"][accept="image/*"]').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expect(page.getByTestId('image-error')).toContainText('not an image');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'image-color-picker-narrow');
});

test('the Instagram spacer holds blank lines and indents, counts and copies', async ({ page }) => {
  await page.goto(SPACER_TOOL);
  await expectScreen(page, 'Instagram Line Break Spacer');
  await page
    .getByRole('textbox', { name: 'Your caption' })
    .fill('Tour dates\n\n\n  Berlin 12/3\n  Paris 14/3 \n\nTickets: link in bio');
  const B = BRAILLE_BLANK;
  const expected = `Tour dates\n${B}\n${B}\n${B}${B}Berlin 12/3\n${B}${B}Paris 14/3\n${B}\nTickets: link in bio`;
  await expect(page.getByRole('textbox', { name: 'Ready for Instagram' })).toHaveValue(expected);
  await expect(page.getByTestId('caption-count')).toHaveText(
    `${expected.length} / 2,200 characters`,
  );
  await expect(page.getByTestId('caption-text')).toContainText('Berlin 12/3');
  await page.getByRole('button', { name: 'Copy caption' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await clipboard(page)).toBe(expected);
  await page.getByRole('switch', { name: 'Mark the invisible characters' }).check();
  await screenshot(page, 'instagram-spacer');

  await page.getByRole('textbox', { name: 'Your caption' }).fill(`${'la '.repeat(740)}`);
  await expect(page.getByTestId('caption-over-limit')).toContainText('19 characters over');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'instagram-spacer-narrow');
});

test('the image colour picker opens and works offline after one visit', async ({
  page,
  context,
}) => {
  await page.goto(PICKER_TOOL);
  await expectScreen(page, 'Image Color Picker');
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  await expectScreen(page, 'Image Color Picker');
  // The palette worker comes from the precache too.
  await openPickerWithImage(page);
  await page.getByRole('application').focus();
  await page.getByRole('application').press('Enter');
  await expect(page.getByTestId('picked-color')).toContainText('From pixel 500, 500');
  await page.goto(SPACER_TOOL);
  await expect(page.getByRole('textbox', { name: 'Your caption' })).toBeVisible();
  await context.setOffline(false);
});
