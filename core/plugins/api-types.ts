// The answers of the plugin calls (docs/plugins.md), shared by the server and the web app.

export const PLUGIN_PLATFORMS = ['windows', 'macos', 'linux'] as const;
export type PluginPlatform = (typeof PLUGIN_PLATFORMS)[number];

export const PLATFORM_NAMES: Record<PluginPlatform, string> = {
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
};

/** One release file of a plugin, as the manifest describes it and the server checked it. */
export interface PluginRelease {
  version: string;
  platform: PluginPlatform;
  /** The file name the download is saved under. */
  file_name: string;
  size: number;
  /** Hex SHA-256 of the file. */
  sha256: string;
}

export interface PluginInfo {
  id: string;
  name: string;
  description: string | null;
  /** Downloads and licences for premium plans only. */
  premium: boolean;
  /** Newest first; only files that match their size and SHA-256. */
  releases: PluginRelease[];
}

/** GET /api/plugins (public). */
export interface PluginCatalogue {
  plugins: PluginInfo[];
  /** The Ed25519 public key that licence keys verify with (PEM, SPKI). */
  licence_public_key: string;
}

/** GET /api/plugins/{pluginId}/licence (signed in). */
export interface PluginLicence {
  plugin: string;
  user_uuid: string;
  licence_key: string;
  issued_at: string;
  expires_at: string;
}

/** The newest release first: numeric parts compared as numbers ("1.10.0" after "1.9.2"). */
export function compareVersionsDescending(a: string, b: string): number {
  const left = a.split(/[.-]/);
  const right = b.split(/[.-]/);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const x = left[i] ?? '';
    const y = right[i] ?? '';
    if (x === y) continue;
    const nx = Number(x);
    const ny = Number(y);
    if (x !== '' && y !== '' && Number.isFinite(nx) && Number.isFinite(ny)) return ny - nx;
    // "1.0.0" is newer than "1.0.0-beta": a missing part wins over a pre-release tag.
    if (x === '') return -1;
    if (y === '') return 1;
    return y.localeCompare(x);
  }
  return 0;
}
