// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { kitTiming } from '../../../../src/features/release-kits/use-kit-follow';
import { fakeApi } from '../fake-api';
import { cleanUpAppAfterEach, renderApp, signedInSession } from '../render-app';
import { CHANNELS, KIT, KIT_ID, kitOf, kitUnderWay, partRow } from './kit-fixtures';

beforeEach(() => {
  kitTiming.pollIntervalMs = 60_000;
});

cleanUpAppAfterEach();

function open(kit = kitOf(), configured = true) {
  fakeApi({
    [KIT]: { body: { kit } },
    [CHANNELS]: { body: { configured, channels: [] } },
  });
  renderApp({ session: signedInSession(null), path: `/media/release-kits/${KIT_ID}` });
}

describe('a finished release kit', () => {
  it('shows each file as what it is: a player for each video, the picture for the thumbnail', async () => {
    open();
    await screen.findByTestId('kit-parts');
    for (const output of ['full', 'vertical', 'feed', 'canvas']) {
      const video = within(partRow(output)).getByTestId('kit-part-media').querySelector('video');
      expect(video, output).not.toBeNull();
      expect(video!.getAttribute('src')).toBe(`/api/release-kits/${KIT_ID}/files/${output}`);
      expect(video!.hasAttribute('controls')).toBe(true);
      // Its render's thumbnail before it plays: a hook's first frame is black (it fades in).
      expect(video!.getAttribute('poster'), output).toMatch(/\/thumbnail\/render-/);
    }
    expect(
      within(partRow('canvas')).getByTestId('kit-part-media').querySelector('video')!.loop,
    ).toBe(true);
    const picture = within(partRow('thumbnail')).getByRole('img', {
      name: 'Thumbnail: night-drive-thumbnail.jpg',
    });
    expect(picture.getAttribute('src')).toBe(`/api/release-kits/${KIT_ID}/files/thumbnail`);
  });

  it('no longer says the kit keeps rendering once it is ready', async () => {
    open();
    await screen.findByTestId('kit-parts');
    expect(screen.queryByText(/the kit keeps rendering/)).toBeNull();
    expect(
      screen.getByText(/play each here, and download them one by one or as one ZIP/),
    ).toBeTruthy();
  });

  it('says it while the kit renders, with no player for a file not made yet', async () => {
    open(kitUnderWay());
    await screen.findByTestId('kit-parts');
    expect(screen.getByText(/You can leave this page: the kit keeps rendering\./)).toBeTruthy();
    expect(within(partRow('vertical')).queryByTestId('kit-part-media')).toBeNull();
  });

  it('fills the right column with the kit’s summary where publishing is not set up', async () => {
    open(kitOf(), false);
    await screen.findByTestId('kit-summary-note');
    const summary = screen.getByTestId('kit-summary');
    expect(within(summary).getByText('night-drive.mp3')).toBeTruthy();
    expect(within(summary).getByText('120 BPM')).toBeTruthy();
    expect(within(summary).getByText('1:04–1:34, 15 bars')).toBeTruthy();
    expect(within(summary).getByText('5 files: where each goes')).toBeTruthy();
    expect(within(summary).getByTestId('kit-summary-note').textContent).toBe(
      'Publishing to YouTube is not set up on this server. Download the files and upload each where it goes.',
    );
    expect(screen.queryByRole('region', { name: 'Publish' })).toBeNull();
  });

  it('offers Publish where it is set up, above the summary', async () => {
    open(kitOf(), true);
    await waitFor(() => expect(screen.getByTestId('kit-publish-connect')).toBeTruthy());
    expect(screen.getByTestId('kit-summary')).toBeTruthy();
    expect(screen.queryByTestId('kit-summary-note')).toBeNull();
  });
});
