// What the plugins folder offers right now: the manifest's entries whose files are there with the
// size and SHA-256 the manifest names. The manifest is read again when it changes (an operator
// adds a release without a restart) and a file is hashed again only when its size or change time
// moves. Problems go to the log once each, and to /api/health/details; nothing here stops the server.

import type { Logger } from 'pino';
import { compareVersionsDescending } from '../../../core/plugins/api-types';
import {
  MANIFEST_FILE,
  type FileStamp,
  type PluginsFolder,
} from '../../repositories/plugins-folder';
import { parseManifest, type ManifestPlugin, type ManifestRelease } from './plugin-manifest';

export interface CheckedCatalogue {
  /** Releases that passed the checks, newest first. */
  plugins: ManifestPlugin[];
  /** Why entries or files are not offered, one sentence each. */
  problems: string[];
  /** False when the folder holds no manifest.json (nothing offered, nothing wrong). */
  manifestFound: boolean;
}

const keyOf = (stamp: FileStamp) => `${stamp.size}:${stamp.mtimeMs}`;

export class PluginCatalogue {
  private manifest: { key: string; parsed: ReturnType<typeof parseManifest> } | null = null;
  private readonly hashes = new Map<string, { key: string; sha256: Promise<string> }>();
  private logged = new Set<string>();

  constructor(
    readonly folder: PluginsFolder,
    private readonly log: Logger,
  ) {}

  async current(): Promise<CheckedCatalogue> {
    let found: Awaited<ReturnType<PluginsFolder['readManifest']>>;
    try {
      const stamp = await this.folder.manifestStamp();
      if (stamp && this.manifest?.key === keyOf(stamp)) {
        return this.check(this.manifest.parsed, true);
      }
      found = stamp ? await this.folder.readManifest() : null;
    } catch (error) {
      return this.report({
        plugins: [],
        problems: [`${MANIFEST_FILE} cannot be read: ${(error as Error).message}`],
        manifestFound: true,
      });
    }
    if (!found) {
      this.manifest = null;
      return this.report({ plugins: [], problems: [], manifestFound: false });
    }
    this.manifest = { key: keyOf(found.stamp), parsed: parseManifest(found.text) };
    return this.check(this.manifest.parsed, true);
  }

  /** True when the release file is still the one the manifest describes (checked before serving). */
  async stillMatches(release: ManifestRelease): Promise<boolean> {
    return (await this.problemOf(release)) === null;
  }

  private async check(
    parsed: ReturnType<typeof parseManifest>,
    manifestFound: boolean,
  ): Promise<CheckedCatalogue> {
    const problems = [...parsed.problems];
    const plugins: ManifestPlugin[] = [];
    for (const plugin of parsed.plugins) {
      const releases: ManifestRelease[] = [];
      for (const release of plugin.releases) {
        const problem = await this.problemOf(release);
        if (problem)
          problems.push(`${plugin.id} ${release.version} for ${release.platform}: ${problem}`);
        else releases.push(release);
      }
      releases.sort((a, b) => compareVersionsDescending(a.version, b.version));
      plugins.push({ ...plugin, releases });
    }
    return this.report({ plugins, problems, manifestFound });
  }

  private async problemOf(release: ManifestRelease): Promise<string | null> {
    try {
      const stamp = await this.folder.stamp(release.file);
      if (!stamp) return `${release.file} is not in the plugins folder, so it is not offered`;
      if (stamp.size !== release.size) {
        return `${release.file} has ${stamp.size} bytes, the manifest says ${release.size}, so it is not offered`;
      }
      let cached = this.hashes.get(release.file);
      if (cached?.key !== keyOf(stamp)) {
        cached = { key: keyOf(stamp), sha256: this.folder.sha256(release.file) };
        this.hashes.set(release.file, cached);
        cached.sha256.catch(() => this.hashes.delete(release.file));
      }
      const sha256 = await cached.sha256;
      if (sha256 !== release.sha256) {
        return `${release.file} has the SHA-256 ${sha256}, the manifest says ${release.sha256}, so it is not offered`;
      }
      return null;
    } catch (error) {
      return `${release.file} cannot be read: ${(error as Error).message}`;
    }
  }

  /** Logs each problem once (again only after it went away and came back). */
  private report(catalogue: CheckedCatalogue): CheckedCatalogue {
    const now = new Set(catalogue.problems);
    for (const problem of now) {
      if (!this.logged.has(problem)) {
        this.log.error({ pluginsDir: this.folder.dir }, `Audio plugins: ${problem}`);
      }
    }
    this.logged = now;
    return catalogue;
  }
}
