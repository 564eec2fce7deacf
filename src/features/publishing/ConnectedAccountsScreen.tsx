// /media/connected-accounts: the YouTube channels linked to the account (connect, view,
// disconnect), the return from Google's consent screen, and the uploads to YouTube so far; both
// lists as last saved on this device, so the page opens offline too.
import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconBell, IconBrandYoutube, IconPlugConnected } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { CHANNEL_MESSAGES } from '../../../core/publishing/upload-config';
import {
  disconnectChannel,
  type AddChannelResponse,
  type LinkedChannel,
  type UploadEntry,
} from '../../api/publishing';
import { useOnline } from '../../lib/network';
import { OfflineCopyNotice, OfflineMarker } from '../../ui/OfflineCopy';
import { PageHeader } from '../../ui/PageHeader';
import { toast } from '../../ui/toast';
import { useSession } from '../session';
import {
  refreshSavedChannels,
  refreshSavedUploads,
  rememberUploads,
  useSavedChannels,
  useSavedUploads,
} from './channel-data';
import { ChannelList } from './ChannelList';
import { ConsentCancelled, ConsentWorking } from './ConsentNotices';
import { startConsent, type PendingConsent } from './consent';
import { DisconnectChannelDialog } from './DisconnectChannelDialog';
import { EmptyPanel } from './EmptyPanel';
import { LoadProblem } from './LoadProblem';
import { ProblemAlert } from './ProblemAlert';
import { PUBLISHING_MESSAGES } from './publishing-messages';
import { CONNECTED_ACCOUNTS_PATH, SUBSCRIBE_PATH } from './publishing-paths';
import { messageOf } from './server-answers';
import { UploadHistory } from './UploadHistory';
import { useConsentReturn, type ConsentOutcome } from './use-consent-return';
import { useUploadStatuses } from './use-upload-statuses';
import { YouTubeNotConfigured } from './YouTubeNotConfigured';

/** What came of the return from Google's consent screen. */
function ConsentNotice({ outcome }: { outcome: ConsentOutcome<unknown> }) {
  switch (outcome.kind) {
    case 'none':
    case 'done':
      return null;
    case 'working':
      return <ConsentWorking>Connecting your YouTube channel…</ConsentWorking>;
    case 'cancelled':
      return <ConsentCancelled>{PUBLISHING_MESSAGES.consentCancelled}</ConsentCancelled>;
    case 'failed':
      return <ProblemAlert title="The channel was not connected">{outcome.message}</ProblemAlert>;
  }
}

/** Sends the user to Google to link a channel; says why not when the server refuses. */
function useConnectChannel() {
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const connect = useCallback(async () => {
    setStarting(true);
    setProblem(null);
    try {
      await startConsent('link', CONNECTED_ACCOUNTS_PATH);
      // The page is on its way to Google: the button stays busy until it leaves.
    } catch (error) {
      setProblem(messageOf(error));
      setStarting(false);
    }
  }, []);
  return { connect, starting, problem };
}

/** Uploads as listed, with the newer answers of the ones being followed (saved as they come). */
function useLiveUploads(uploads: UploadEntry[] | null): UploadEntry[] | null {
  const pending = useMemo(
    () =>
      (uploads ?? [])
        .filter((entry) => entry.yt_upload_status === 'PENDING')
        .map((entry) => entry.entry_uuid),
    [uploads],
  );
  const { items } = useUploadStatuses(pending);
  useEffect(() => {
    const newer = [...items.values()].flatMap((item) => (item.entry ? [item.entry] : []));
    if (newer.length > 0) void rememberUploads(newer).catch(() => undefined);
  }, [items]);
  return useMemo(
    () => uploads?.map((entry) => items.get(entry.entry_uuid)?.entry ?? entry) ?? null,
    [uploads, items],
  );
}

/** The older of the two lists' fetch times: what the page shows is at least that fresh. */
const oldest = (...times: Array<number | null>): number | null => {
  const known = times.filter((time): time is number => time !== null);
  return known.length ? Math.min(...known) : null;
};

/** Offline, a list this device has not saved yet. */
function NotSavedYet() {
  return (
    <Text c="dimmed" size="sm" data-testid="not-saved">
      {PUBLISHING_MESSAGES.notSaved}
    </Text>
  );
}

export function ConnectedAccountsScreen({
  title,
  description,
}: {
  title: string;
  description: string;
}) {
  const online = useOnline();
  const navigate = useNavigate();
  const session = useSession();
  const userUuid = session.status === 'signed-in' ? (session.user?.user_uuid ?? null) : null;
  const channels = useSavedChannels(userUuid);
  const uploads = useSavedUploads(userUuid);
  const liveUploads = useLiveUploads(uploads.value);
  const { connect, starting, problem } = useConnectChannel();
  const [disconnecting, setDisconnecting] = useState<LinkedChannel | null>(null);

  const consent = useConsentReturn(
    CONNECTED_ACCOUNTS_PATH,
    useCallback(
      async ({ channel }: AddChannelResponse, pending: PendingConsent) => {
        await refreshSavedChannels();
        if (pending.purpose !== 'captions') {
          toast.success(PUBLISHING_MESSAGES.connected(channel.channel_title));
          return;
        }
        toast.success(PUBLISHING_MESSAGES.captionsAllowed(channel.channel_title));
        // Back to the publish form that asked.
        if (pending.returnTo) await navigate({ href: pending.returnTo });
      },
      [navigate],
    ),
  );

  const disconnect = async (channel: LinkedChannel) => {
    try {
      const answer = await disconnectChannel(channel.channel_id);
      toast.success(CHANNEL_MESSAGES.disconnected(answer.channel_title || channel.channel_title));
    } catch {
      toast.error(CHANNEL_MESSAGES.problemDisconnecting);
    }
    await refreshSavedChannels();
  };

  const configured = channels.value?.configured ?? true;
  const linked = channels.value?.channels ?? [];
  const refreshFailed =
    (channels.status.failed && channels.value !== null) ||
    (uploads.status.failed && uploads.value !== null);
  const connectButton = (
    <Button
      leftSection={<IconBrandYoutube size={18} aria-hidden />}
      color="red"
      loading={starting}
      disabled={!online || !channels.value?.configured}
      onClick={() => void connect()}
    >
      Connect a YouTube channel
    </Button>
  );

  return (
    <Container size="md" py={{ base: 28, sm: 48 }}>
      <PageHeader
        title={title}
        description={description}
        eyebrow={online ? undefined : <OfflineMarker />}
      />
      <Stack gap="xl">
        {!online && (
          <OfflineCopyNotice savedAt={oldest(channels.fetchedAt, uploads.fetchedAt)}>
            {PUBLISHING_MESSAGES.offlineNotice}
          </OfflineCopyNotice>
        )}
        {online && refreshFailed && (
          <LoadProblem
            what={PUBLISHING_MESSAGES.refreshFailed}
            source={{
              refreshing: channels.status.refreshing || uploads.status.refreshing,
              reload: async () => {
                await Promise.all([refreshSavedChannels(), refreshSavedUploads()]);
              },
            }}
          />
        )}
        <ConsentNotice outcome={consent} />

        <Stack gap="md" component="section" aria-labelledby="channels-heading">
          <Group justify="space-between" align="center" gap="sm">
            <Title order={2} fz="lg" id="channels-heading">
              YouTube channels
            </Title>
            {connectButton}
          </Group>
          {!configured && <YouTubeNotConfigured />}
          {problem && (
            <Alert color="red" variant="light" radius="md" role="alert">
              {problem}
            </Alert>
          )}
          {channels.value === null && online && channels.status.failed ? (
            <LoadProblem
              what="Your channels could not be loaded."
              source={{ refreshing: channels.status.refreshing, reload: refreshSavedChannels }}
            />
          ) : channels.value === null && !online && channels.loaded ? (
            <NotSavedYet />
          ) : channels.value === null ? (
            <Stack gap="sm" aria-busy>
              <Skeleton radius="md" h={80} />
            </Stack>
          ) : linked.length === 0 ? (
            <EmptyPanel
              icon={<IconPlugConnected size={26} />}
              title="No channels connected yet"
              description={
                configured
                  ? 'Connect your YouTube channel to publish your videos to it straight from Waveframe. Google asks you to allow it first.'
                  : 'Channels can be connected once YouTube access is set up.'
              }
            />
          ) : (
            <ChannelList channels={linked} online={online} onDisconnect={setDisconnecting} />
          )}
          {linked.length > 0 && (
            <Anchor component={Link} to={SUBSCRIBE_PATH} size="sm" fw={600}>
              <Group gap={4} component="span">
                <IconBell size={16} aria-hidden /> Subscribe to Waveframe on YouTube
              </Group>
            </Anchor>
          )}
        </Stack>

        <Stack gap="md" component="section" aria-labelledby="uploads-heading">
          <Title order={2} fz="lg" id="uploads-heading">
            Uploads to YouTube
          </Title>
          {uploads.value === null && online && uploads.status.failed ? (
            <LoadProblem
              what="Your uploads could not be loaded."
              source={{ refreshing: uploads.status.refreshing, reload: refreshSavedUploads }}
            />
          ) : uploads.value === null && !online && uploads.loaded ? (
            <NotSavedYet />
          ) : (
            <UploadHistory uploads={liveUploads} />
          )}
        </Stack>
      </Stack>
      <DisconnectChannelDialog
        channel={disconnecting}
        onConfirm={disconnect}
        onClose={() => setDisconnecting(null)}
      />
    </Container>
  );
}
