// The audio plugin calls (not in the spec; docs/plugins.md).
import type { PluginCatalogue, PluginLicence, PluginPlatform } from '../../core/plugins/api-types';
import { api } from './client';

/** The plugins the installation offers, their releases and the licence public key (public). */
export function fetchPlugins(): Promise<PluginCatalogue> {
  return api.get<PluginCatalogue>('/api/plugins');
}

/** The signed-in user's licence key for a plugin; 403 PremiumRequired on a free plan. */
export function fetchPluginLicence(pluginId: string): Promise<PluginLicence> {
  return api.get<PluginLicence>(`/api/plugins/${encodeURIComponent(pluginId)}/licence`);
}

/** Where the newest release for a platform downloads from (signed in, a plain link). */
export const pluginDownloadPath = (pluginId: string, platform: PluginPlatform) =>
  `/api/plugins/${encodeURIComponent(pluginId)}/download/${platform}`;
