// A Vite plugin that renders the Canvas release posts (content/releases/*.md) at build time. The
// web app imports them as `virtual:release-posts` (typed in src/features/releases/), so they are
// in the bundle and open offline; a build also writes dist/releases.json (id, title, description,
// date; newest first) for the server's page titles and the sitemap. A bad post fails the build
// with a message naming its file; in development, editing or adding a post reloads the page.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import type { TemplateInfo } from '../core/render/template';
// With its extension: Vite's configs import this file, and may load them natively one day.
import { buildReleasePosts, releaseIndex, type ReleasePost } from './release-posts.js';
import { RELEASE_INDEX_FILE } from '../core/site/page-head';

const VIRTUAL_ID = 'virtual:release-posts';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const RELEASE_POSTS_DIR = path.join(ROOT, 'content', 'releases');

/** A file's path as messages show it: from the repository's root when it is inside. */
function shownPath(file: string): string {
  const relative = path.relative(ROOT, file);
  return relative.startsWith('..') ? file : relative.split(path.sep).join('/');
}

/**
 * The names of the Canvas templates. Loaded through tsx when a build starts, not imported: the
 * config that uses this plugin then stays free of the renderer's modules.
 */
export async function canvasTemplateNames(): Promise<string[]> {
  const url = new URL('../core/render/templates/canvas/index.ts', import.meta.url);
  const templates = (await tsImport(url.href, import.meta.url)) as {
    CANVAS_TEMPLATES: TemplateInfo[];
  };
  return templates.CANVAS_TEMPLATES.map((template) => template.name);
}

/** Reads and renders every post of a folder (none when the folder is missing). */
export function readReleasePosts(
  templates: readonly string[],
  dir = RELEASE_POSTS_DIR,
): ReleasePost[] {
  const names = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.md')) : [];
  const files = names.sort().map((name) => ({
    path: shownPath(path.join(dir, name)),
    source: readFileSync(path.join(dir, name), 'utf8'),
  }));
  return buildReleasePosts(files, templates);
}

export function releasePostsPlugin(options: { dir?: string } = {}): Plugin {
  const dir = options.dir ?? RELEASE_POSTS_DIR;
  let templates: string[] = [];
  let posts: ReleasePost[] | null = null;
  const load = () => (posts ??= readReleasePosts(templates, dir));

  return {
    name: 'waveframe-release-posts',
    async buildStart() {
      posts = null;
      try {
        templates = await canvasTemplateNames();
        load();
      } catch (error) {
        this.error(error instanceof Error ? error.message : String(error));
      }
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      for (const name of existsSync(dir) ? readdirSync(dir) : []) {
        this.addWatchFile(path.join(dir, name));
      }
      return `export default ${JSON.stringify(load())};\n`;
    },
    configureServer(server) {
      server.watcher.add(dir);
      const changed = (file: string) => {
        if (path.dirname(file) !== dir || !file.endsWith('.md')) return;
        posts = null;
        const module = server.moduleGraph.getModuleById(RESOLVED_ID);
        if (module) server.moduleGraph.invalidateModule(module);
        server.ws.send({ type: 'full-reload' });
      };
      server.watcher.on('add', changed);
      server.watcher.on('change', changed);
      server.watcher.on('unlink', changed);
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: RELEASE_INDEX_FILE,
        source: `${JSON.stringify(releaseIndex(load()), null, 2)}\n`,
      });
    },
  };
}
