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
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          // Room for a loaded 2-core machine (the suites run in parallel workers); no test relies on it.
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
          // Each file starts its own servers; running files one at a time keeps 2 cores responsive.
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'render',
          include: ['tests/render/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
