// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LibraryImage } from '../../../../src/api/media';
import type { ReleaseSource } from '../../../../src/features/release-kits/kit-release';
import { KitReleaseFields } from '../../../../src/features/release-kits/KitReleaseFields';
import { useKitRelease } from '../../../../src/features/release-kits/use-kit-release';
import { libraryAudio, libraryImage } from '../uploads/upload-fixtures';

// The tagged MP3 of the fixtures as the library knows it once processed (tests/api/media.test.ts).
const COVER = libraryImage({
  image_uuid: 'c0000000-0000-4000-8000-000000000001',
  image_name: 'Intro (excerpt) (cover)',
  status: 'COMPLETE',
  thumbnail_path: '/api/user-workspace/image-file/c1/thumb',
  image_path: '/api/user-workspace/image-file/c1/display',
});
const TAGGED: ReleaseSource = {
  kind: 'library',
  audio: libraryAudio({
    audio_uuid: 'a-tagged',
    file_name: 'intro-30s-tagged.mp3',
    title: 'Intro (excerpt)',
    artists: 'Frozen Bubble',
    artwork_image_uuid: COVER.image_uuid,
  }),
};
const UNTAGGED: ReleaseSource = {
  kind: 'library',
  audio: libraryAudio({ audio_uuid: 'a-plain', file_name: 'b-side.mp3' }),
};

function Creator(props: { trackKey: string; source: ReleaseSource; images: LibraryImage[] }) {
  const control = useKitRelease(props.trackKey, props.source);
  return (
    <>
      <KitReleaseFields
        control={control}
        images={props.images}
        signedIn
        fromTrack={props.source.kind !== 'none'}
      />
      <output data-testid="cover-id">{control.release.coverId ?? 'none'}</output>
    </>
  );
}

function setup() {
  const view = render(<Creator trackKey="demo" source={{ kind: 'none' }} images={[COVER]} />, {
    wrapper: ({ children }) => <MantineProvider>{children}</MantineProvider>,
  });
  const pick = (trackKey: string, source: ReleaseSource) =>
    view.rerender(<Creator trackKey={trackKey} source={source} images={[COVER]} />);
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  const albumArt = () => screen.getByTestId('image-slot-album_art');
  return { pick, field, albumArt };
}

describe('the kit’s title, artist and cover', () => {
  it('start from the tags and artwork of the track picked', () => {
    const { pick, field, albumArt } = setup();
    expect(field('Title').value).toBe('');
    expect(screen.getByText(/once you pick it/)).toBeTruthy();

    pick('audio:a-tagged', TAGGED);
    expect(field('Title').value).toBe('Intro (excerpt)');
    expect(field('Artist').value).toBe('Frozen Bubble');
    expect(within(albumArt()).getByText('Intro (excerpt) (cover)')).toBeTruthy();
    expect(screen.getByTestId('cover-id').textContent).toBe(COVER.image_uuid);
    expect(screen.getByText(/From the track’s tags and artwork/)).toBeTruthy();

    // A track without tags: its file name, no artist, no cover.
    pick('audio:a-plain', UNTAGGED);
    expect(field('Title').value).toBe('b-side');
    expect(field('Artist').value).toBe('');
    expect(within(albumArt()).getByText('None: the template draws its own')).toBeTruthy();
    // A file of this device: its name, until the kit starts and uploads it.
    pick('local:demo-take.wav:1:1', { kind: 'local', fileName: 'demo-take.wav' });
    expect(field('Title').value).toBe('demo-take');
  });

  it('are each editable, and what was changed stays when another track is picked', () => {
    const { pick, field, albumArt } = setup();
    pick('audio:a-tagged', TAGGED);
    fireEvent.change(field('Artist'), { target: { value: 'FB & Friends' } });
    fireEvent.click(within(albumArt()).getByRole('button', { name: 'Remove the album art image' }));
    expect(screen.getByTestId('cover-id').textContent).toBe('none');

    pick('audio:a-plain', UNTAGGED);
    // The title was left as it came: it follows the track; the artist and the cover stay.
    expect(field('Title').value).toBe('b-side');
    expect(field('Artist').value).toBe('FB & Friends');
    expect(screen.getByTestId('cover-id').textContent).toBe('none');

    fireEvent.change(field('Title'), { target: { value: 'Night Drive' } });
    pick('audio:a-tagged', TAGGED);
    expect(field('Title').value).toBe('Night Drive');
  });
});
