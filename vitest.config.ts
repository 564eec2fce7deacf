import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { releasePostsPlugin } from './scripts/vite-release-posts.js';

// Three Vitest projects; end-to-end tests run in Playwright (playwright.config.ts).
export default defineConfig({
  // The release posts are a virtual module: the screens' tests import them as the app does.
  plugins: [react(), releasePostsPlugin()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Logic of core/, server/ and the scripts, in Node.
          include: ['tests/unit/**/*.test.ts'],
          exclude: ['tests/unit/web/**'],
          setupFiles: ['tests/unit/setup.ts'],
          // Room for a loaded 2-core machine (the suites run in parallel workers); no test relies on it.
          testTimeout: 20_000,
          // The files of a worker share one module graph instead of importing core/ and server/
          // afresh each (half the layer's time went to imports): no test may lean on another
          // file's module state.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-web',
          // The web app's plain modules, in Node, each file isolated: they keep state in
          // fake-indexeddb's global database and in timers, which one graph would share.
          include: ['tests/unit/web/**/*.test.ts'],
          setupFiles: ['tests/unit/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-dom',
          // The web app's screens, rendered in happy-dom.
          include: ['tests/unit/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/unit/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts its own servers on free ports with its own data folder and database,
          // so files run side by side (npm run test:api gives three workers): part of a file's
          // time is waiting on its job worker, ffmpeg or a stand-in, and the others fill those
          // waits (on a quiet 2-core machine: 6.0 min two at a time, 5.6 three at a time).
          fileParallelism: true,
          // The files of a worker share one module graph: importing the server afresh for each
          // file cost about 5 CPU seconds of the layer's 25 files. Each file starts its own
          // servers, so no file sees another's database, folders or settings.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'render',
          include: ['tests/render/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Two files side by side (npm run test:render gives two workers): a render draws its
          // frames on one core while ffmpeg encodes on the other, so two fill both cores.
        },
      },
    ],
  },
});
