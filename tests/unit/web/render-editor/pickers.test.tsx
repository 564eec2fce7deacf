// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { LibraryAudio, LibraryImage } from '../../../../src/api/media';
import { AudioPicker } from '../../../../src/features/render-editor/AudioPicker';
import type { ChosenAudio } from '../../../../src/features/render-editor/chosen-audio';
import { ColorFieldPicker } from '../../../../src/features/render-editor/ColorFieldPicker';
import {
  ImageSlotPicker,
  imagesForSlot,
} from '../../../../src/features/render-editor/ImageSlotPicker';
import { RenderPanel } from '../../../../src/features/render-editor/RenderPanel';
import { useRecentColors } from '../../../../src/features/render-editor/use-recent-colors';
import { theme } from '../../../../src/ui/theme';

/** Renders inside Mantine and a bare router (the pickers hold links). */
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

function image(overrides: Partial<LibraryImage>): LibraryImage {
  return {
    image_uuid: 'img',
    image_name: 'Image',
    image_type: 'background',
    image_path: '/api/user-workspace/image-file/img',
    thumbnail_path: '/api/user-workspace/image-file/img/thumb',
    favorite: false,
    status: 'COMPLETE',
    error: null,
    width: 1000,
    height: 1000,
    mimetype: 'image/jpeg',
    file_size: 1000,
    created_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

function track(overrides: Partial<LibraryAudio>): LibraryAudio {
  return {
    audio_uuid: 'a',
    file_name: 'song.mp3',
    file_size: 1000,
    mimetype: 'audio/mpeg',
    duration_seconds: 95,
    core_processing_status: 'COMPLETE',
    marketplace_processing_status: null,
    marketplace_asset: false,
    title: null,
    artists: null,
    album: null,
    artwork_image_uuid: null,
    artwork_path: null,
    playable_path: '/p',
    analysis_path: '/a',
    error: null,
    created_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

const READY: ChosenAudio = { state: 'loading', message: 'Loading the track…', progress: null };

describe('the image slot picker', () => {
  const images = [
    image({ image_uuid: 'bg', image_name: 'Sky', image_type: 'background' }),
    image({ image_uuid: 'cover', image_name: 'Cover', image_type: 'album_art' }),
    image({ image_uuid: 'busy', image_name: 'Busy', status: 'PENDING', image_path: null }),
  ];

  it('lists processed images, those of the slot type first', () => {
    expect(imagesForSlot(images, 'album_art').map((i) => i.image_uuid)).toEqual(['cover', 'bg']);
  });

  it('chooses an image from the library by its thumbnail', async () => {
    const onChange = vi.fn();
    renderUi(
      <ImageSlotPicker
        slot="album_art"
        images={images}
        chosen={null}
        signedIn
        onChange={onChange}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Choose the album art image' }));
    const choices = await screen.findAllByRole('listitem');
    expect(choices).toHaveLength(2);
    expect(choices[0]!.querySelector('img')?.getAttribute('src')).toBe(
      '/api/user-workspace/image-file/img/thumb',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cover' }));
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ image_uuid: 'cover' }));
  });

  it('shows the chosen image and removes it', async () => {
    const onChange = vi.fn();
    renderUi(
      <ImageSlotPicker
        slot="background"
        images={images}
        chosen={images[0]!}
        signedIn
        onChange={onChange}
      />,
    );
    expect(await screen.findByText('Sky')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the background image' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('asks a signed-out visitor to log in', async () => {
    renderUi(
      <ImageSlotPicker slot="logo" images={[]} chosen={null} signedIn={false} onChange={vi.fn()} />,
    );
    expect(await screen.findByText('Log in to use your images')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Choose the logo image' }).hasAttribute('disabled'),
    ).toBe(true);
  });

  it('says when the library has no images', async () => {
    renderUi(<ImageSlotPicker slot="logo" images={[]} chosen={null} signedIn onChange={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Choose the logo image' }));
    expect(await screen.findByText('No images yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My Images' }).getAttribute('href')).toBe(
      '/media/images',
    );
  });
});

describe('the audio picker', () => {
  it('tells a user without tracks to upload one or use a local file', async () => {
    renderUi(
      <AudioPicker
        choice={{ kind: 'demo' }}
        chosen={READY}
        tracks={[track({ core_processing_status: 'PROGRESSING' })]}
        signedIn
        onChoose={vi.fn()}
      />,
    );
    expect((await screen.findByTestId('no-tracks')).textContent).toContain(
      'No tracks in your library yet.',
    );
    expect(screen.getByRole('link', { name: 'Upload one' }).getAttribute('href')).toBe(
      '/media/audio',
    );
  });

  it('says a library track lasts as long as the list says, not the decoded audio a little less', async () => {
    // The MP3 lasts 321.04 s; decoded, 320.98 s: the list and the status both say 5:21.
    const night = track({ audio_uuid: 'night', title: 'Night Drive', duration_seconds: 321.04 });
    const ready = {
      state: 'ready',
      key: 'night',
      analysis: {} as never,
      src: '/night.mp3',
      duration: 320.98,
      title: 'Night Drive',
    } satisfies ChosenAudio;
    renderUi(
      <AudioPicker
        choice={{ kind: 'library', audio: night }}
        chosen={ready}
        tracks={[night]}
        signedIn
        onChoose={vi.fn()}
      />,
    );
    expect((await screen.findByTestId('audio-status')).textContent).toBe('Night Drive · 5:21');
  });

  it('takes a file of this device', async () => {
    const onChoose = vi.fn();
    renderUi(
      <AudioPicker
        choice={{ kind: 'demo' }}
        chosen={READY}
        tracks={[]}
        signedIn={false}
        onChoose={onChoose}
      />,
    );
    const input = await screen.findByLabelText('Use an audio file from this device');
    const file = new File([new Uint8Array(10)], 'beat.mp3', { type: 'audio/mpeg' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(onChoose).toHaveBeenCalledWith({ kind: 'local', file });
  });
});

describe('colour pickers with recent colours', () => {
  function Recent({
    signedIn,
    fetchColors,
  }: {
    signedIn: boolean;
    fetchColors: () => Promise<string[]>;
  }) {
    const colors = useRecentColors(signedIn, fetchColors);
    return <div data-testid="recent">{colors.join(',')}</div>;
  }

  it('offers the signed-in user their recent colours', async () => {
    const fetchColors = vi.fn(() => Promise.resolve(['#ff0000', 'bad', '#00ff00']));
    renderUi(<Recent signedIn fetchColors={fetchColors} />);
    await waitFor(() => expect(screen.getByTestId('recent').textContent).toBe('#ff0000,#00ff00'));
  });

  it('offers none signed out, or when the call fails', async () => {
    const fetchColors = vi.fn(() => Promise.resolve(['#ff0000']));
    renderUi(<Recent signedIn={false} fetchColors={fetchColors} />);
    await screen.findByTestId('recent');
    expect(fetchColors).not.toHaveBeenCalled();
    expect(screen.getByTestId('recent').textContent).toBe('');
  });

  it('shows the swatches and passes on a new colour', async () => {
    const onChange = vi.fn();
    renderUi(
      <ColorFieldPicker
        field="bar_fill"
        value="#9775fa"
        swatches={['#ff0000', '#00ff00']}
        onChange={onChange}
      />,
    );
    const input = await screen.findByLabelText('Bar fill');
    fireEvent.focus(input);
    fireEvent.click(input);
    const swatch = await screen.findByRole('button', { name: '#ff0000' });
    fireEvent.click(swatch);
    expect(onChange).toHaveBeenCalledWith('#ff0000');
    await act(async () => {
      fireEvent.change(input, { target: { value: '#123ABC' } });
    });
    expect(onChange).toHaveBeenLastCalledWith('#123abc');
  });
});

describe('the render panel', () => {
  const base = {
    credits: 2,
    request: { phase: 'idle' } as const,
    online: true,
    busy: false,
    canRender: true,
    hint: 'hint',
    onRender: vi.fn(),
    onLogin: vi.fn(),
  };

  it('shows the credits left and renders', async () => {
    const onRender = vi.fn();
    renderUi(<RenderPanel {...base} gate="ok" onRender={onRender} />);
    expect((await screen.findByTestId('credits-left')).textContent).toBe('2 left');
    fireEvent.click(screen.getByRole('button', { name: 'Render video' }));
    expect(onRender).toHaveBeenCalledOnce();
  });

  it('shows unlimited credits as ∞', async () => {
    renderUi(<RenderPanel {...base} gate="ok" credits={-1} />);
    expect((await screen.findByTestId('credits-left')).textContent).toBe('∞ left');
  });

  it('tells a user with no credits before anything is queued, with a link to pricing', async () => {
    const onRender = vi.fn();
    renderUi(<RenderPanel {...base} gate="no-credits" credits={0} onRender={onRender} />);
    expect((await screen.findByTestId('no-credits')).textContent).toContain(
      'You have no visualizer credits left. Upgrade your plan to render more videos.',
    );
    expect(screen.getByRole('link', { name: 'See plans and pricing' }).getAttribute('href')).toBe(
      '/pricing',
    );
    const button = screen.getByRole('button', { name: 'Render video' });
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.click(button);
    expect(onRender).not.toHaveBeenCalled();
  });

  it('shows the same message when the server answers 402', async () => {
    renderUi(
      <RenderPanel
        {...base}
        gate="ok"
        request={{
          phase: 'failed',
          message: 'You have no visualizer credits left. Upgrade your plan to render more videos.',
          noCredits: true,
        }}
      />,
    );
    expect(await screen.findByTestId('no-credits')).toBeTruthy();
  });

  it('opens the login panel for a signed-out visitor', async () => {
    const onLogin = vi.fn();
    renderUi(<RenderPanel {...base} gate="sign-in" credits={null} onLogin={onLogin} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Log in to render' }));
    expect(onLogin).toHaveBeenCalledOnce();
  });
});
