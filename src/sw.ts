/// <reference lib="webworker" />
// The service worker: precaches the app shell, serves index.html to navigations (offline deep
// links), caches large optional assets (the ffmpeg.wasm core under /ffmpeg/) on first use, keeps
// the user's media files (images, audio analyses, video thumbnails) for the offline lists, and
// sends the upload queue, also with every page of the app closed (features/uploads/
// service-worker.ts). The lists themselves are not cached here: the app keeps them in IndexedDB.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { serveUploadQueue } from './features/uploads/service-worker';

declare let self: ServiceWorkerGlobalScope;

const LARGE_ASSETS_CACHE = 'waveframe-large-assets';
/** The user's own media files; its "waveframe-user-" prefix gets it cleared at logout. */
const USER_MEDIA_CACHE = 'waveframe-user-media';
const THIRTY_DAYS_S = 30 * 24 * 60 * 60;

// The page's "Reload" button asks a waiting worker to take over.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

serveUploadQueue(self);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

// Not the API, nor the files the server makes for search engines (opened in a tab, they are the
// server's, not the app's).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/(robots\.txt|sitemap\.xml)$/],
  }),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/ffmpeg/'),
  new CacheFirst({
    cacheName: LARGE_ASSETS_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 8, maxAgeSeconds: THIRTY_DAYS_S })],
  }),
);

// Images, audio analyses and the thumbnails of videos (renders of every kind, clips and loops)
// never change under their URL (a new file gets a new id, a thumbnail is written once), so the
// lists show them offline from this cache. Playback uses Range requests and stays online.
const THUMBNAIL =
  /^\/api\/(visualizers|music-videos|canvas-videos|elements\/particle-systems|videos)\/thumbnail\/[^/]+$/;
registerRoute(
  ({ url, sameOrigin }) =>
    sameOrigin &&
    (url.pathname.startsWith('/api/user-workspace/image-file/') ||
      (url.pathname.startsWith('/api/audio/file/') && url.pathname.endsWith('/analysis')) ||
      THUMBNAIL.test(url.pathname)),
  new CacheFirst({
    cacheName: USER_MEDIA_CACHE,
    plugins: [
      new ExpirationPlugin({
        maxEntries: 2000,
        maxAgeSeconds: THIRTY_DAYS_S,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);
