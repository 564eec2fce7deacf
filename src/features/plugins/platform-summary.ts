import { PLATFORM_NAMES, type PluginRelease } from '../../../core/plugins/api-types';
import { newestPerPlatform } from './ReleaseList';

/** "Version 1.2.0 for Windows, macOS and Linux", from the newest release of each platform. */
export function platformSummary(releases: readonly PluginRelease[]): string | null {
  const newest = newestPerPlatform(releases);
  if (newest.length === 0) return null;
  const versions = [...new Set(newest.map((release) => release.version))];
  const names = newest.map((release) => PLATFORM_NAMES[release.platform]);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return versions.length === 1 ? `Version ${versions[0]} for ${list}` : `For ${list}`;
}
