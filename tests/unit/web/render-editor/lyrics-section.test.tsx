// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { LyricLine } from '../../../../core/lyrics/lyrics';
import { LYRICS_MESSAGES } from '../../../../src/features/render-editor/lyrics-look';
import { LyricsSection } from '../../../../src/features/render-editor/LyricsSection';
import type {
  LyricsLook,
  TrackLyricsState,
} from '../../../../src/features/render-editor/use-lyrics-look';
import { theme } from '../../../../src/ui/theme';

function renderUi(ui: ReactNode) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return render(
    <MantineProvider theme={theme} env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

const LINE: LyricLine = { text: 'one', startSeconds: 1, endSeconds: null, words: null, section: 0 };

function look(track: TrackLyricsState, style: LyricsLook['style'] = null): LyricsLook {
  return { track, chosenStyle: style, setStyle: vi.fn(), style, settings: null };
}

describe('the Lyrics section of a creator', () => {
  it('asks for a library track when a file of this device is chosen', async () => {
    renderUi(<LyricsSection lyrics={look({ state: 'local' })} />);
    expect(await screen.findByText(LYRICS_MESSAGES.local)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Lyrics style' })).toBeNull();
  });

  it('leads to the lyrics editor when the track has no timed lines', async () => {
    renderUi(
      <LyricsSection
        lyrics={look({ state: 'ready', audioId: 'a-1', lines: [], unsynced: false })}
      />,
    );
    const link = await screen.findByRole('link', { name: 'Time its lyrics' });
    expect(link.getAttribute('href')).toBe('/media/audio/a-1/lyrics');
  });

  it('offers None and the styles, and tells the look the one picked', async () => {
    const lyrics = look({ state: 'ready', audioId: 'a-1', lines: [LINE], unsynced: true });
    renderUi(<LyricsSection lyrics={lyrics} />);
    const select = await screen.findByRole('combobox', { name: 'Lyrics style' });
    expect((select as HTMLInputElement).value).toBe('None');
    expect(screen.getByTestId('lyrics-unsynced')).toBeTruthy();
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Karaoke' }));
    await waitFor(() => expect(lyrics.setStyle).toHaveBeenCalledWith('karaoke'));
  });
});
