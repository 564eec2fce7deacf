// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { kitTiming } from '../../../../src/features/release-kits/use-kit-follow';
import { fakeApi } from '../fake-api';
import { cleanUpAppAfterEach, renderApp, signedInSession } from '../render-app';
import { CHANNELS, KIT, KIT_ID, kitPart, kitUnderWay, partRow } from './kit-fixtures';

beforeEach(() => {
  kitTiming.pollIntervalMs = 60_000;
});

cleanUpAppAfterEach();

describe('a release kit under way', () => {
  it('says what each waiting part waits for, with its place, and never 0 % getting started', async () => {
    fakeApi({
      [KIT]: { body: { kit: kitUnderWay() } },
      [CHANNELS]: { body: { configured: true, channels: [] } },
    });
    renderApp({ session: signedInSession(null), path: `/media/release-kits/${KIT_ID}` });
    await screen.findByTestId('kit-parts');

    expect(within(partRow('vertical')).getByTestId('kit-part-waiting').textContent).toBe(
      'Waiting: the full video renders first (1st in your queue)',
    );
    expect(within(partRow('feed')).getByTestId('kit-part-waiting').textContent).toBe(
      'Waiting: the full video renders first (2nd in your queue)',
    );
    expect(within(partRow('canvas')).getByText('Waiting')).toBeTruthy();
    for (const output of ['vertical', 'feed', 'canvas']) {
      expect(within(partRow(output)).queryByTestId('kit-part-percent')).toBeNull();
      expect(within(partRow(output)).queryByText(/Rendering|Getting started/)).toBeNull();
    }
    expect(within(partRow('full')).getByTestId('kit-part-time-left').textContent).toBe(
      'About 7 min left',
    );
    expect(screen.getByTestId('kit-percent').textContent).toBe('34%');
    expect(screen.getByTestId('kit-time-left').textContent).toBe('About 13 min left');
  });

  it('says it is working out the time left, not "Getting started…", beside a kit under way', async () => {
    fakeApi({
      [KIT]: { body: { kit: kitUnderWay({ eta_seconds: null }) } },
      [CHANNELS]: { body: { configured: true, channels: [] } },
    });
    renderApp({ session: signedInSession(null), path: `/media/release-kits/${KIT_ID}` });
    await waitFor(() =>
      expect(screen.getByTestId('kit-time-left').textContent).toBe('Working out the time left…'),
    );
    expect(screen.queryByText(/Getting started/)).toBeNull();
  });

  it('says why a kit not started yet waits, on its page and in the list', async () => {
    const waiting = (place: number) => ({
      status: 'WAITING' as const,
      waiting: { place, behind: [] },
    });
    const kit = kitUnderWay({
      percent_complete: 0,
      eta_seconds: null,
      zip_url: null,
      parts: [
        kitPart('full', waiting(3)),
        kitPart('vertical', waiting(4)),
        kitPart('feed', waiting(5)),
        kitPart('canvas', waiting(6)),
        kitPart('thumbnail', waiting(3)),
      ],
    });
    fakeApi({
      [KIT]: { body: { kit } },
      'GET /api/release-kits': { body: { kits: [kit, { ...kitUnderWay(), kit_uuid: 'k2' }] } },
      [CHANNELS]: { body: { configured: true, channels: [] } },
    });
    const { router } = renderApp({
      session: signedInSession(null),
      path: `/media/release-kits/${KIT_ID}`,
    });
    await waitFor(() =>
      expect(screen.getByTestId('kit-time-left').textContent).toBe(
        'Waiting for a free render slot (3rd in your queue)',
      ),
    );
    await router.navigate({ to: '/media/release-kits' });
    const cards = await screen.findAllByTestId('kit-card');
    expect(cards.map((card) => within(card).getByTestId('kit-card-progress').textContent)).toEqual([
      '0% · Waiting for a free render slot (3rd in your queue)',
      '34% · About 13 min left',
    ]);
  });
});
