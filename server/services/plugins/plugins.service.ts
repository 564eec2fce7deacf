// The audio plugins (issue 14): what the operator's folder offers (public), the signed-in user's
// licence key for a plugin, and the release file itself, to premium plans only where the
// manifest marks the plugin premium.

import type { Readable } from 'node:stream';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors/app-error';
import { isPremiumPlan } from '../../../core/plans/catalogue';
import {
  PLATFORM_NAMES,
  PLUGIN_PLATFORMS,
  type PluginCatalogue as CatalogueAnswer,
  type PluginLicence,
  type PluginPlatform,
} from '../../../core/plugins/api-types';
import { encodeLicence, licenceMessage, type LicencePayload } from '../../../core/plugins/licence';
import { pluginsFolder } from '../../repositories/plugins-folder';
import { loadLicenceSigner, type LicenceSigner } from '../../repositories/plugins-licence-key';
import type { UserRow } from '../../repositories/users.repository';
import { currentPlan, lapsesAt } from '../payments/plan-lapse';
import { PluginCatalogue } from './plugin-catalogue';
import type { ManifestPlugin, ManifestRelease } from './plugin-manifest';

export type PluginsContext = Pick<AppContext, 'config' | 'log' | 'db'>;

const DAY_SECONDS = 24 * 60 * 60;

interface PluginsState {
  catalogue: PluginCatalogue;
  signer: () => Promise<LicenceSigner>;
}

const states = new WeakMap<AppContext['config']['plugins'], PluginsState>();

function stateOf(context: PluginsContext): PluginsState {
  const settings = context.config.plugins;
  let state = states.get(settings);
  if (!state) {
    let signer: Promise<LicenceSigner> | null = null;
    state = {
      catalogue: new PluginCatalogue(
        pluginsFolder(settings.dir),
        context.log.child({ component: 'plugins' }),
      ),
      signer: () =>
        (signer ??= loadLicenceSigner({
          privateKey: settings.licencePrivateKey,
          keyFile: settings.licenceKeyFile,
        }).catch((error: unknown) => {
          signer = null;
          throw error;
        })),
    };
    states.set(settings, state);
  }
  return state;
}

/** GET /api/plugins: every plugin offered, its checked releases and the licence public key. */
export async function listPlugins(context: PluginsContext): Promise<CatalogueAnswer> {
  const state = stateOf(context);
  const [catalogue, signer] = await Promise.all([state.catalogue.current(), state.signer()]);
  return {
    plugins: catalogue.plugins.map((plugin) => ({
      id: plugin.id,
      name: plugin.name,
      description: plugin.description,
      premium: plugin.premium,
      releases: plugin.releases.map((release) => ({
        version: release.version,
        platform: release.platform,
        file_name: release.file,
        size: release.size,
        sha256: release.sha256,
      })),
    })),
    licence_public_key: signer.publicKeyPem,
  };
}

/** For /api/health/details: how many plugins are offered and what is wrong in the folder. */
export async function pluginsHealth(context: PluginsContext) {
  const catalogue = await stateOf(context).catalogue.current();
  return {
    ok: catalogue.problems.length === 0,
    manifestFound: catalogue.manifestFound,
    offered: catalogue.plugins.length,
    problems: catalogue.problems,
  };
}

export const premiumRequired = (plugin: ManifestPlugin) =>
  new AppError(
    403,
    'PremiumRequired',
    `${plugin.name} comes with a premium plan: upgrade to download it and get its licence key.`,
  );

/**
 * The plugin, if the user may have it (404 when unknown, 403 for a free plan on a premium
 * plugin), and for a premium plugin when the plan that grants it lapses without another payment.
 */
async function pluginForUser(
  context: PluginsContext,
  user: UserRow,
  pluginId: string,
): Promise<{ plugin: ManifestPlugin; grantedUntil: Date | null }> {
  const catalogue = await stateOf(context).catalogue.current();
  const plugin = catalogue.plugins.find((candidate) => candidate.id === pluginId);
  if (!plugin) throw notFound('There is no such plugin.');
  if (!plugin.premium) return { plugin, grantedUntil: null };
  const plan = await currentPlan(context.db, user.userUuid);
  if (!plan || !isPremiumPlan(plan.plan)) throw premiumRequired(plugin);
  return { plugin, grantedUntil: lapsesAt(plan) };
}

/**
 * GET /api/plugins/{pluginId}/licence: the signed-in user's key, always for their own id. It is
 * valid for PLUGIN_LICENCE_DAYS from the start of the UTC day it is issued, so the page shows the
 * same key all day; a later visit gives a key that lasts longer.
 */
export async function licenceFor(
  context: PluginsContext,
  user: UserRow,
  pluginId: string,
  now = new Date(),
): Promise<PluginLicence> {
  const { plugin, grantedUntil } = await pluginForUser(context, user, pluginId);
  const signer = await stateOf(context).signer();
  const iat = Math.floor(now.getTime() / 1000 / DAY_SECONDS) * DAY_SECONDS;
  const term = iat + context.config.plugins.licenceDays * DAY_SECONDS;
  // A key for a premium plugin never outlives the plan paid for: a month's plan, a month's key
  // (the page gives a new one once the renewal is paid).
  const planEnd = grantedUntil ? Math.floor(grantedUntil.getTime() / 1000) : Infinity;
  const payload: LicencePayload = {
    v: 1,
    sub: user.userUuid,
    plugin: plugin.id,
    iat,
    exp: Math.min(term, planEnd),
  };
  const message = licenceMessage(payload);
  return {
    plugin: plugin.id,
    user_uuid: user.userUuid,
    licence_key: encodeLicence(message, signer.sign(message)),
    issued_at: new Date(payload.iat * 1000).toISOString(),
    expires_at: new Date(payload.exp * 1000).toISOString(),
  };
}

export const isPlatform = (value: string): value is PluginPlatform =>
  (PLUGIN_PLATFORMS as readonly string[]).includes(value);

/**
 * GET /api/plugins/{pluginId}/download/{platform}: the newest release for that platform (or the
 * version asked for), checked again against the manifest just before it is sent.
 */
export async function openDownload(
  context: PluginsContext,
  user: UserRow,
  pluginId: string,
  platform: string,
  version: string | undefined,
): Promise<{ release: ManifestRelease; stream: Readable }> {
  const { plugin } = await pluginForUser(context, user, pluginId);
  if (!isPlatform(platform)) throw notFound('There is no such platform.');
  const release = plugin.releases.find(
    (candidate) =>
      candidate.platform === platform && (version === undefined || candidate.version === version),
  );
  const state = stateOf(context);
  if (!release || !(await state.catalogue.stillMatches(release))) {
    throw notFound(
      version === undefined
        ? `${plugin.name} has no release for ${PLATFORM_NAMES[platform]} yet.`
        : `${plugin.name} ${version} is not available for ${PLATFORM_NAMES[platform]}.`,
    );
  }
  return { release, stream: state.catalogue.folder.open(release.file) };
}
