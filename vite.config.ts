import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { ffmpegCorePlugin } from './scripts/vite-ffmpeg-core';
import { releasePostsPlugin } from './scripts/vite-release-posts';

// The web manifest lives in manifest.webmanifest so it is plain JSON that anyone can read.
const manifest = JSON.parse(
  readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'),
) as Partial<ManifestOptions>;

export default defineConfig({
  plugins: [
    react(),
    ffmpegCorePlugin(),
    releasePostsPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      // The icons come with the glob below; listing them twice would precache them twice.
      includeManifestIcons: false,
      injectManifest: {
        // The app shell only; large optional assets (ffmpeg.wasm under /ffmpeg/) are cached on use.
        // Fonts and the demo track too: the renderer needs the fonts offline, the gallery the track.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,ttf,woff2,m4a,wfa}'],
        // The sharing picture is for other sites' link previews, never for the app itself.
        globIgnores: ['ffmpeg/**', 'og-image.png'],
      },
      devOptions: { enabled: false },
    }),
  ],
  worker: { format: 'es' },
  // @ffmpeg/ffmpeg starts its own worker with new URL('./worker.js', import.meta.url): it must not
  // be pre-bundled in development, or that URL points nowhere.
  optimizeDeps: { exclude: ['@ffmpeg/ffmpeg', '@ffmpeg/util'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/](@mantine|@floating-ui|@tabler)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: `http://localhost:${process.env.API_PORT ?? '8080'}`, changeOrigin: true },
    },
  },
});
