// Linked YouTube channels (spec 3, Linked channel; spec 7, /api/accounts/yt): the consent's
// address, linking with the code Google sends back, the list, disconnecting (the grant revoked
// with Google, then forgotten) and subscribing a linked channel to the product's channel.

import type {
  AddChannelRequest,
  AddChannelResponse,
  AuthorizedChannelsResponse,
  AuthorizeUrlResponse,
  ConsentPurpose,
  DisconnectChannelResponse,
  LinkedChannel,
  ProductChannelResponse,
  SubscribeResponse,
} from '../../../core/publishing/api-types';
import { CHANNEL_MESSAGES, youtubeChannelUrl } from '../../../core/publishing/upload-config';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors/app-error';
import {
  deleteChannelRow,
  findUserChannel,
  listUserChannels,
  upsertChannel,
  type ChannelRow,
} from '../../repositories/publishing.repository';
import type { UserRow } from '../../repositories/users.repository';
import {
  canManage,
  LINK_SCOPES,
  MANAGE_SCOPES,
  YouTubeError,
} from '../../repositories/youtube/youtube-gateway';
import { checkState, cipherOf, requireYoutube, signState, youtubeOf } from './youtube-access';

export type PublishingContext = Pick<AppContext, 'db' | 'config' | 'log' | 'queue' | 'storage'>;

/** The pages Google may send the user back to (the web app's own routes). */
const CONSENT_RETURN_PATHS = ['/media/connected-accounts', '/social/youtube/subscribe'];

export const NO_SUCH_CHANNEL = 'No channel with this id is linked to your account.';

/** Whether the channel's grant has YouTube's manage scope (subscribing, adding captions). */
export const channelCanManage = (row: ChannelRow) => canManage(row.scopes.split(' '));

export function channelView(row: ChannelRow): LinkedChannel {
  const manage = channelCanManage(row);
  return {
    channel_id: row.channelId,
    channel_title: row.channelTitle,
    picture_url: row.pictureUrl,
    can_subscribe: manage,
    can_add_captions: manage,
    linked_at: row.createdAt.toISOString(),
  };
}

function checkRedirectUri(redirectUri: string): string {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    throw new AppError(400, 'InvalidData', 'redirectUri must be a full URL.');
  }
  if (
    !['http:', 'https:'].includes(url.protocol) ||
    !CONSENT_RETURN_PATHS.includes(url.pathname) ||
    url.search ||
    url.hash
  ) {
    throw new AppError(
      400,
      'InvalidData',
      `redirectUri must be this site's ${CONSENT_RETURN_PATHS.join(' or ')} page.`,
    );
  }
  return redirectUri;
}

export async function authorizeUrl(
  context: PublishingContext,
  user: UserRow,
  input: { redirectUri: string; purpose: ConsentPurpose },
): Promise<AuthorizeUrlResponse> {
  const { gateway } = requireYoutube(context.config);
  const redirectUri = checkRedirectUri(input.redirectUri);
  const state = await signState(context.config, {
    userUuid: user.userUuid,
    redirectUri,
    purpose: input.purpose,
  });
  const scopes = input.purpose === 'link' ? LINK_SCOPES : MANAGE_SCOPES;
  return { url: gateway.authorizeUrl({ redirectUri, state, scopes }), state };
}

export async function addChannel(
  context: PublishingContext,
  user: UserRow,
  input: AddChannelRequest,
): Promise<AddChannelResponse> {
  const { gateway } = requireYoutube(context.config);
  const purpose = await checkState(context.config, input.state, {
    userUuid: user.userUuid,
    redirectUri: input.redirectUri,
  });
  if (!purpose) {
    throw new AppError(
      400,
      'InvalidState',
      'This connection was not started here or has expired. Connect the channel again.',
    );
  }
  let grant;
  try {
    grant = await gateway.exchangeCode(input.code, input.redirectUri);
  } catch (error) {
    throw googleTrouble(context, error, 'InvalidGrant', {
      refused: 'Google did not accept this sign-in. Connect the channel again.',
    });
  }
  let channel;
  try {
    channel = await gateway.access(grant.refreshToken).myChannel();
  } catch (error) {
    throw googleTrouble(context, error, 'InvalidGrant', {
      refused: 'YouTube did not let Waveframe read this account’s channel. Connect it again.',
    });
  }
  if (!channel) {
    // Nothing to link: give the grant back rather than keep a token for nothing.
    await gateway.revoke(grant.refreshToken).catch(() => {});
    throw new AppError(
      400,
      'NoChannel',
      'This Google account has no YouTube channel. Create one on YouTube, then connect again.',
    );
  }
  const row = await upsertChannel(context.db, {
    userUuid: user.userUuid,
    channelId: channel.id,
    channelTitle: channel.title,
    pictureUrl: channel.pictureUrl,
    refreshTokenSealed: await cipherOf(context.config).seal(grant.refreshToken),
    scopes: grant.scopes.join(' '),
  });
  context.log.info({ userUuid: user.userUuid, channelId: channel.id }, 'youtube channel linked');
  return { channel: channelView(row), purpose };
}

export async function authorizedChannels(
  context: PublishingContext,
  user: UserRow,
): Promise<AuthorizedChannelsResponse> {
  const rows = await listUserChannels(context.db, user.userUuid);
  return { configured: youtubeOf(context.config) !== null, channels: rows.map(channelView) };
}

/** The user's linked channel, or 404 (another user's channel looks like none). */
export async function requireChannel(
  context: Pick<PublishingContext, 'db'>,
  user: UserRow,
  channelId: string,
): Promise<ChannelRow> {
  const row = await findUserChannel(context.db, user.userUuid, channelId);
  if (!row) throw notFound(NO_SUCH_CHANNEL);
  return row;
}

/**
 * Revokes the grant with Google and forgets the channel. When Google cannot be reached the
 * channel stays linked (a token we forget but Google keeps would be access nobody can withdraw)
 * and the answer is the spec's 'Problem Disconnecting Channel'.
 */
export async function disconnectChannel(
  context: PublishingContext,
  user: UserRow,
  channelId: string,
): Promise<DisconnectChannelResponse> {
  const row = await requireChannel(context, user, channelId);
  const { gateway } = requireYoutube(context.config);
  try {
    const refreshToken = await cipherOf(context.config).open(row.refreshTokenSealed);
    await gateway.revoke(refreshToken);
  } catch (error) {
    context.log.warn({ err: error, channelId }, 'revoking a youtube grant failed');
    throw new AppError(502, 'ProblemDisconnecting', CHANNEL_MESSAGES.problemDisconnecting);
  }
  await deleteChannelRow(context.db, row.id);
  context.log.info({ userUuid: user.userUuid, channelId }, 'youtube channel disconnected');
  return { channel_id: row.channelId, channel_title: row.channelTitle };
}

/**
 * Before an account is deleted: every linked channel's grant is revoked with Google (a token we
 * forget but Google keeps would be access nobody can withdraw), then its row forgotten. When
 * Google cannot be reached the deletion stops (502) with nothing deleted, to be tried again.
 */
export async function revokeAllGrants(context: PublishingContext, user: UserRow): Promise<void> {
  const rows = await listUserChannels(context.db, user.userUuid);
  if (rows.length === 0) return;
  const access = youtubeOf(context.config);
  if (!access) {
    context.log.warn(
      { userUuid: user.userUuid, channels: rows.length },
      'youtube is not configured: linked grants cannot be revoked',
    );
    return;
  }
  for (const row of rows) {
    try {
      await access.gateway.revoke(await cipherOf(context.config).open(row.refreshTokenSealed));
    } catch (error) {
      context.log.warn({ err: error, channelId: row.channelId }, 'revoking a youtube grant failed');
      throw new AppError(
        502,
        'ProviderUnavailable',
        "Google could not be reached to withdraw Waveframe's access to your YouTube channel, so your account has not been deleted. Try again in a few minutes.",
      );
    }
    await deleteChannelRow(context.db, row.id);
  }
}

export function productChannel(context: Pick<PublishingContext, 'config'>): ProductChannelResponse {
  const id = context.config.youtube?.productChannelId ?? null;
  return { channel_id: id, channel_url: id ? youtubeChannelUrl(id) : null };
}

export async function subscribeToProduct(
  context: PublishingContext,
  user: UserRow,
  channelId: string,
): Promise<SubscribeResponse> {
  const row = await requireChannel(context, user, channelId);
  const { gateway, youtube } = requireYoutube(context.config);
  const product = youtube.productChannelId;
  if (!product) {
    throw new AppError(
      503,
      'ProductChannelNotConfigured',
      'This installation has no channel of its own to subscribe to.',
    );
  }
  if (!channelCanManage(row)) {
    throw new AppError(
      403,
      'ScopeMissing',
      'Allow Waveframe to manage subscriptions for this channel first.',
    );
  }
  try {
    const refreshToken = await cipherOf(context.config).open(row.refreshTokenSealed);
    const outcome = await gateway.access(refreshToken).subscribe(product);
    return { subscribed_channel_id: product, already_subscribed: outcome === 'already' };
  } catch (error) {
    throw googleTrouble(context, error, 'SubscribeRefused', {
      refused: 'YouTube did not accept the subscription.',
    });
  }
}

/** Google's refusal or absence as an answer for the web app. */
function googleTrouble(
  context: Pick<PublishingContext, 'log'>,
  error: unknown,
  exc: string,
  messages: { refused: string },
): AppError {
  if (!(error instanceof YouTubeError)) return error as AppError;
  context.log.warn({ err: error, reason: error.reason }, 'google refused');
  switch (error.kind) {
    case 'transient':
    case 'session-gone':
      return new AppError(
        502,
        'YouTubeUnavailable',
        'Google could not be reached. Try again in a moment.',
      );
    case 'revoked':
      return new AppError(
        409,
        'ChannelAccessRevoked',
        'Google no longer accepts Waveframe’s access to this channel. Connect it again.',
      );
    case 'quota':
    case 'permission':
      return new AppError(403, exc, error.message);
    default:
      return new AppError(400, exc, messages.refused);
  }
}
