// Publishing steps the end-to-end tests share with the local Google (google-stand-in-main.ts).
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Clicks "Allow as …" for the first account on the local Google's consent page. */
export async function allowOnConsentPage(page: Page): Promise<void> {
  await page
    .getByRole('link', { name: /^Allow as / })
    .first()
    .click();
}

/** Links the local YouTube's channel from the connected-accounts page, as a user does. */
export async function linkStandInChannel(page: Page): Promise<void> {
  await page.goto('/media/connected-accounts');
  await page.getByRole('button', { name: 'Connect a YouTube channel' }).click();
  await allowOnConsentPage(page);
  await expect(page.getByTestId('linked-channel')).toHaveCount(1);
}
