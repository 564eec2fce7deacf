import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const TEMPO_TOOL = '/tools/time-tempo-bpm-to-milliseconds-ms';
const HERTZ_TOOL = '/tools/hertz-hz-to-milliseconds-ms';

function tempoCell(page: Page, note: string, kind: 'straight' | 'dotted' | 'triplet') {
  return page
    .getByTestId('tempo-results')
    .locator(`tr[data-note="${note}"] td[data-kind="${kind}"]`);
}

test('the tempo tool computes note lengths in its worker', async ({ page }) => {
  await page.goto(TEMPO_TOOL);
  await expect(tempoCell(page, 'quarter', 'straight')).toHaveText('500');
  await expect(tempoCell(page, 'quarter', 'dotted')).toHaveText('750');
  await expect(tempoCell(page, 'quarter', 'triplet')).toHaveText('333.333');
  await expect(tempoCell(page, 'thirty-second', 'straight')).toHaveText('62.5');
  expect(page.workers().some((worker) => worker.url().includes('tools.worker'))).toBe(true);

  const field = page.getByLabel('Tempo (BPM)');
  await field.fill('90');
  await expect(tempoCell(page, 'quarter', 'straight')).toHaveText('666.667');
  await expect(tempoCell(page, 'whole', 'straight')).toHaveText('2666.667');
  await expect(tempoCell(page, 'eighth', 'dotted')).toHaveText('500');

  await field.fill('');
  await expect(page.getByText('Enter a tempo above 0')).toBeVisible();
});

test('the hertz tool converts both ways in its worker', async ({ page }) => {
  await page.goto(HERTZ_TOOL);
  const results = page.getByTestId('hertz-results');
  const backwards = page.getByTestId('ms-to-hertz-results');
  await expect(results.locator('tr[data-row="period"] td')).toHaveText('2.273 ms');
  await expect(results.locator('tr[data-row="bpm"] td')).toHaveText('26400 BPM');
  await expect(backwards.locator('tr[data-row="hertz"] td')).toHaveText('2 Hz');
  await expect(backwards.locator('tr[data-row="bpm"] td')).toHaveText('120 BPM');
  expect(page.workers().some((worker) => worker.url().includes('tools.worker'))).toBe(true);

  await page.getByLabel('Frequency (Hz)').fill('50');
  await expect(results.locator('tr[data-row="period"] td')).toHaveText('20 ms');
  await expect(results.locator('tr[data-row="half"] td')).toHaveText('10 ms');
  await expect(results.locator('tr[data-row="quarter"] td')).toHaveText('5 ms');

  await page.getByLabel('Duration (ms)').fill('20');
  await expect(backwards.locator('tr[data-row="hertz"] td')).toHaveText('50 Hz');
});

test.describe('toast', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('a copied value shows a dark toast at the bottom that closes after about 5 s', async ({
    page,
  }) => {
    await page.goto(TEMPO_TOOL);
    // The page's own clock notes when the toast enters and leaves the document, so a busy
    // machine that notices either late does not change the measure.
    await page.evaluate(() => {
      const times: { shown?: number; gone?: number } = {};
      (window as unknown as { toastTimes: typeof times }).toastTimes = times;
      const present = () =>
        [...document.querySelectorAll('.mantine-Notification-root')].some((element) =>
          element.textContent?.includes('Copied 500 ms'),
        );
      new MutationObserver(() => {
        if (times.shown === undefined && present()) times.shown = performance.now();
        else if (times.shown !== undefined && times.gone === undefined && !present()) {
          times.gone = performance.now();
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    await tempoCell(page, 'quarter', 'straight').getByRole('button').click();
    const toast = page.locator('.mantine-Notification-root', { hasText: 'Copied 500 ms' });
    await expect(toast).toBeVisible();
    await expect(toast).toHaveAttribute('data-toast-type', 'success');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('500');

    const box = await toast.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.y > viewport.height / 2).toBe(true);
    const background = await toast.evaluate((element) => getComputedStyle(element).backgroundColor);
    const [r = 255, g = 255, b = 255] = (background.match(/\d+/g) ?? []).map(Number);
    expect(r + g + b).toBeLessThan(150);

    // It stays 5 s (then its closing transition), and closes by itself.
    await expect(toast).toBeHidden({ timeout: 15_000 });
    const { shown, gone } = await page.evaluate(
      () => (window as unknown as { toastTimes: { shown: number; gone: number } }).toastTimes,
    );
    expect(gone - shown).toBeGreaterThanOrEqual(5000);
    expect(gone - shown).toBeLessThan(10_000);
  });
});
