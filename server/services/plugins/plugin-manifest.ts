// The operator's manifest.json, checked entry by entry: a bad entry is left out with the reason
// (for the log and /api/health/details), the good ones are still offered. Pure: no I/O here.

import { z } from 'zod';
import { PLUGIN_PLATFORMS, type PluginPlatform } from '../../../core/plugins/api-types';

const releaseSchema = z.object({
  version: z
    .string({ error: 'version must be text' })
    .regex(/^[0-9A-Za-z][0-9A-Za-z.+-]{0,39}$/, 'version must look like 1.2.0'),
  platform: z.enum(PLUGIN_PLATFORMS, {
    error: `platform must be one of ${PLUGIN_PLATFORMS.join(', ')}`,
  }),
  file: z
    .string({ error: 'file must be text' })
    .regex(/^[\w+-][\w.+-]{0,199}$/, 'file must be a plain file name inside the plugins folder'),
  size: z
    .number({ error: 'size must be a number of bytes' })
    .int()
    .min(1, 'size must be at least 1'),
  sha256: z
    .string({ error: 'sha256 must be text' })
    .regex(/^[0-9a-fA-F]{64}$/, 'sha256 must be 64 hexadecimal digits')
    .transform((hex) => hex.toLowerCase()),
});

const pluginSchema = z.object({
  id: z
    .string({ error: 'id must be text' })
    .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'id must be lower-case letters, digits and dashes'),
  name: z.string({ error: 'name must be text' }).trim().min(1, 'name is needed').max(100),
  description: z.string().trim().max(2000).optional(),
  premium: z.boolean({ error: 'premium must be true or false' }),
  releases: z.array(z.unknown(), { error: 'releases must be a list' }),
});

export interface ManifestRelease {
  version: string;
  platform: PluginPlatform;
  file: string;
  size: number;
  sha256: string;
}

export interface ManifestPlugin {
  id: string;
  name: string;
  description: string | null;
  premium: boolean;
  releases: ManifestRelease[];
}

export interface ParsedManifest {
  plugins: ManifestPlugin[];
  /** One sentence per entry left out, naming it. */
  problems: string[];
}

const reasonOf = (error: z.ZodError) =>
  error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ` : '') + issue.message)
    .join('; ');

/** Parses manifest.json's text: `{ "plugins": [ { id, name, description?, premium, releases } ] }`. */
export function parseManifest(text: string): ParsedManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { plugins: [], problems: [`manifest.json is not JSON: ${(error as Error).message}`] };
  }
  const list = (json as { plugins?: unknown } | null)?.plugins;
  if (!Array.isArray(list)) {
    return { plugins: [], problems: ['manifest.json must hold {"plugins": [...]}'] };
  }
  const plugins: ManifestPlugin[] = [];
  const problems: string[] = [];
  list.forEach((entry, index) => {
    const parsed = pluginSchema.safeParse(entry);
    if (!parsed.success) {
      problems.push(`plugins[${index}] is left out: ${reasonOf(parsed.error)}`);
      return;
    }
    const plugin = parsed.data;
    if (plugins.some((other) => other.id === plugin.id)) {
      problems.push(`plugins[${index}] is left out: the id "${plugin.id}" is used twice`);
      return;
    }
    const releases: ManifestRelease[] = [];
    plugin.releases.forEach((raw, r) => {
      const release = releaseSchema.safeParse(raw);
      const where = `${plugin.id} releases[${r}]`;
      if (!release.success) {
        problems.push(`${where} is left out: ${reasonOf(release.error)}`);
      } else if (
        releases.some(
          (other) =>
            other.version === release.data.version && other.platform === release.data.platform,
        )
      ) {
        problems.push(
          `${where} is left out: ${release.data.version} for ${release.data.platform} is listed twice`,
        );
      } else {
        releases.push(release.data);
      }
    });
    plugins.push({
      id: plugin.id,
      name: plugin.name,
      description: plugin.description || null,
      premium: plugin.premium,
      releases,
    });
  });
  return { plugins, problems };
}
