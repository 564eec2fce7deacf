// Lint rules, including the import boundaries of ARCHITECTURE.md: core imports nothing of ours
// and no platform API; src and workers never import server; server never imports src or workers.
// Inside src: a feature is used by others only through its index.ts, and the shared folders
// (lib, ui, api, db) import no feature.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import localRules from './eslint-rules/no-import-cycle.js';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'crypto', 'stream', 'child_process', 'http'];

const browserPatterns = [
  { group: ['**/server/**'], message: 'The web app never imports the server.' },
  { group: nodeBuiltins, message: 'Browser code: no Node APIs.' },
];
// From routes/, App.tsx or main.tsx: '../features/library' is fine, '../features/library/TrackRow'
// is not. A feature's part of the service worker is its service-worker.ts (sw.ts imports it, so
// the worker's bundle takes none of the feature's screens).
const featureIndexOnly = {
  regex: '(^|/)features/[^/]+/(?!service-worker$)',
  message:
    'Import a feature through its index.ts: features/<name>, not a file inside it (the service worker: features/<name>/service-worker).',
};
// From inside a feature: its own files are './x'; another feature is '../uploads', never
// '../uploads/UploadButton'.
const siblingFeatureIndexOnly = {
  regex: '^\\.\\./[^./][^/]*/',
  message: 'Import another feature through its index.ts (../<name>), not a file inside it.',
};

// The layers of server/ (ARCHITECTURE.md, "Boundaries worth keeping"), top to bottom:
//   entry: main.ts, worker.ts, app.ts, boot/ (wiring: the context and the job registry)
//   routes/ + http/ (HTTP plumbing) and jobs/: entry points, call services
//   services/: rules and transactions           context.ts: types only
//   render/: the render engine (a media pipeline services use)
//   repositories/: database, storage, the ffmpeg adapter, mail, queue, temp files
//   base: db/, errors/, config.ts, logger.ts, secrets.ts, version.ts (and core/)
// A layer imports only from layers below it. Imports are relative, so a layer is matched as the
// first folder after the ../ steps (core/render is not server/render).
const serverLayer = (names) => `^(\\.\\./)+(${names.join('|')})(/|$)`;
const webApp = {
  group: ['**/src/**', '**/workers/**'],
  message: 'The server never imports the web app.',
};
const ENTRY = ['boot', 'app', 'main', 'worker'];
const above = {
  http: [...ENTRY, 'routes', 'jobs'],
  routes: [...ENTRY, 'jobs'],
  jobs: [...ENTRY, 'routes', 'http'],
  services: [...ENTRY, 'routes', 'jobs', 'http'],
  render: [...ENTRY, 'routes', 'jobs', 'http', 'services', 'context'],
  repositories: [...ENTRY, 'routes', 'jobs', 'http', 'services', 'render', 'context'],
  base: [...ENTRY, 'routes', 'jobs', 'http', 'services', 'render', 'repositories', 'context'],
};
const layerRule = (layer, extra = []) => [
  'error',
  {
    patterns: [
      {
        regex: serverLayer(above[layer]),
        message: `server/${layer} imports only from the layers below it (see eslint.config.js).`,
      },
      ...extra,
    ],
  },
];
// Routes and jobs call services: from repositories they take types only (and the job names).
const noRepositoryCalls = {
  regex: '^(\\.\\./)+repositories/(?!queue/job-names$)',
  allowTypeImports: true,
  message: 'Routes and jobs call a service, never a repository (types are fine).',
};

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'test-results', 'playwright-report', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    // No import circles anywhere in our code (see eslint-rules/no-import-cycle.js).
    files: ['core/**/*.ts', 'src/**/*.{ts,tsx}', 'workers/**/*.ts', 'server/**/*.ts'],
    plugins: { local: localRules },
    rules: { 'local/no-import-cycle': 'error' },
  },
  {
    files: ['core/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**', '**/server/**', '**/workers/**'],
              message: 'core/ imports nothing of ours.',
            },
            { group: nodeBuiltins, message: 'core/ runs everywhere: no Node APIs.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'Buffer', 'navigator'],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'workers/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: browserPatterns }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...browserPatterns, featureIndexOnly] }],
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...browserPatterns, featureIndexOnly, siblingFeatureIndexOnly] },
      ],
    },
  },
  {
    files: ['src/{lib,ui,api,db}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...browserPatterns,
            {
              regex: '(^|/)features(/|$)',
              message: 'Shared code (lib, ui, api, db) imports no feature.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            webApp,
            {
              group: ['child_process', 'node:child_process'],
              message: 'Only the ffmpeg adapter (repositories/ffmpeg) spawns processes.',
            },
          ],
        },
      ],
    },
  },
  {
    // The one place that spawns ffmpeg and ffprobe and owns their arguments.
    files: ['server/repositories/ffmpeg/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [webApp] }] },
  },
  {
    files: ['server/http/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': layerRule('http', [noRepositoryCalls]) },
  },
  {
    files: ['server/routes/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': layerRule('routes', [noRepositoryCalls]) },
  },
  {
    files: ['server/jobs/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': layerRule('jobs', [noRepositoryCalls]) },
  },
  {
    files: ['server/services/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': layerRule('services') },
  },
  {
    files: ['server/render/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': layerRule('render') },
  },
  {
    files: ['server/repositories/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': layerRule('repositories') },
  },
  {
    files: [
      'server/db/**/*.ts',
      'server/errors/**/*.ts',
      'server/{config,logger,secrets,version}.ts',
    ],
    rules: { '@typescript-eslint/no-restricted-imports': layerRule('base') },
  },
  {
    // The context is a type: built by boot/, so it imports nothing at run time.
    files: ['server/context.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '.*', allowTypeImports: true, message: 'context.ts holds types only.' },
          ],
        },
      ],
    },
  },
  {
    // Drizzle (queries, schema tables) only in repositories/ and db/.
    files: ['server/**/*.ts'],
    ignores: ['server/repositories/**', 'server/db/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='drizzle-orm'], ImportDeclaration[source.value=/^drizzle-orm\\//], ImportDeclaration[source.value=/(^|\\/)db\\/schema$/]",
          message: 'Drizzle and the schema tables are used only in repositories/ and db/.',
        },
      ],
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'bench/**/*.ts', 'scripts/**/*.ts', '*.config.{ts,js}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
