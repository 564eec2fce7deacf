// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearUserTables } from '../../../../src/db/clear-user-data';
import { getDatabase } from '../../../../src/db/database';
import { lastUpdated, OFFLINE_ACTION } from '../../../../src/lib/offline-messages';
import { stopLibraryServices } from '../../../../src/features/library/library-services';
import { fakeApi } from '../fake-api';
import { renderApp, signedInSession } from '../render-app';
import { libraryImage } from '../uploads/upload-fixtures';

const COVER = libraryImage({
  image_uuid: '11111111-1111-4111-8111-111111111111',
  image_name: 'Cover',
  status: 'COMPLETE',
  thumbnail_path: '/api/user-workspace/image-file/1/thumb',
  image_path: '/api/user-workspace/image-file/1/display',
});

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

afterEach(async () => {
  stopLibraryServices();
  setOnline(true);
  vi.unstubAllGlobals();
  act(() => notifications.clean());
  await clearUserTables(getDatabase());
});

function serve(overrides: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/user-workspace/get-user-images': { body: { images: [COVER] } },
    'GET /api/audio/get-user-audios': { body: { audios: [] } },
    ...overrides,
  });
}

async function openImages() {
  renderApp({ session: signedInSession(null), path: '/media/images' });
  await screen.findByRole('heading', { level: 1, name: 'My Images' });
  return screen.findByRole('button', { name: 'Tag Cover as favorite' });
}

describe('My Images', () => {
  it('lists the images from the server and tags a favourite with the spec message', async () => {
    const api = serve({
      'PUT /api/user-workspace/toggle-image-favorite': {
        body: { image_uuid: COVER.image_uuid, favorite: true },
      },
    });
    fireEvent.click(await openImages());
    expect(await screen.findByText('Tagged image as favorite')).toBeTruthy();
    expect(api.callsTo('PUT /api/user-workspace/toggle-image-favorite')[0]?.body).toEqual({
      image_uuid: COVER.image_uuid,
    });
    // Saved on this device: the card follows.
    expect(await screen.findByRole('button', { name: 'Untag Cover as favorite' })).toBeTruthy();
  });

  it("says 'Unable to edit image info' when the server refuses", async () => {
    serve({
      'PUT /api/user-workspace/change-image-info': {
        status: 400,
        body: { exc: 'InvalidData', message: 'no' },
      },
    });
    await openImages();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Cover' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit info' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit image info' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Logo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Unable to edit image info')).toBeTruthy();
  });

  it("deletes after confirming: 'Image Deleted'", async () => {
    const api = serve({ 'DELETE /api/user-workspace/delete-user-image': { body: { ok: true } } });
    await openImages();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Cover' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this image?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete image' }));
    expect(await screen.findByText('Image Deleted')).toBeTruthy();
    expect(api.callsTo('DELETE /api/user-workspace/delete-user-image')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Cover as favorite/ })).toBeNull(),
    );
  });

  it("says 'Unable to delete image' when deleting fails", async () => {
    serve({
      'DELETE /api/user-workspace/delete-user-image': {
        status: 500,
        body: { exc: 'ServerError', message: 'boom' },
      },
    });
    await openImages();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Cover' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this image?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete image' }));
    expect(await screen.findByText('Unable to delete image')).toBeTruthy();
  });

  it('offline: shows the saved copy with an Offline marker and when it was fetched, and disables changes', async () => {
    serve();
    await openImages();
    act(() => {
      setOnline(false);
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByTestId('offline-marker')).toBeTruthy();
    const fetched = await getDatabase().libraryMeta.toArray();
    expect(fetched).toHaveLength(2);
    const oldest = Math.min(...fetched.map((list) => list.fetchedAt));
    expect((await screen.findByTestId('saved-at')).textContent).toBe(lastUpdated(oldest));
    const favorite = screen.getByRole('button', { name: 'Tag Cover as favorite' });
    expect(
      favorite.hasAttribute('disabled') || favorite.getAttribute('data-disabled'),
    ).toBeTruthy();
    expect(OFFLINE_ACTION).toContain('You are offline: this needs a connection.');
  });
});
