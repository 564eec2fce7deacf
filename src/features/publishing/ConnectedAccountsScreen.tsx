// /media/connected-accounts: the YouTube channels linked to the account (connect, view,
// disconnect), the return from Google's consent screen, and the uploads to YouTube so far.
import {
  Alert,
  Anchor,
  Button,
  Container,
  EmptyState,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconBell,
  IconBrandYoutube,
  IconInfoCircle,
  IconPlugConnected,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { CHANNEL_MESSAGES } from '../../../core/publishing/upload-config';
import { disconnectChannel, type LinkedChannel, type UploadEntry } from '../../api/publishing';
import { useOnline } from '../../lib/network';
import { PageHeader } from '../../ui/PageHeader';
import { toast } from '../../ui/toast';
import { useLinkedChannels, useUploadEntries } from './channel-data';
import { ChannelList } from './ChannelList';
import { startConsent } from './consent';
import { DisconnectChannelDialog } from './DisconnectChannelDialog';
import { LoadProblem } from './LoadProblem';
import { OfflineNotice } from './OfflineNotice';
import { PUBLISHING_MESSAGES } from './publishing-messages';
import { CONNECTED_ACCOUNTS_PATH, SUBSCRIBE_PATH } from './publishing-paths';
import { messageOf } from './server-answers';
import { UploadHistory } from './UploadHistory';
import { useConsentReturn, type ConsentOutcome } from './use-consent-return';
import { useUploadStatuses } from './use-upload-statuses';

/** What came of the return from Google's consent screen. */
function ConsentNotice({ outcome }: { outcome: ConsentOutcome<unknown> }) {
  switch (outcome.kind) {
    case 'none':
    case 'done':
      return null;
    case 'working':
      return (
        <Alert variant="light" radius="md" role="status" icon={<Loader size={18} aria-hidden />}>
          Connecting your YouTube channel…
        </Alert>
      );
    case 'cancelled':
      return (
        <Alert
          variant="light"
          color="gray"
          radius="md"
          icon={<IconInfoCircle size={20} aria-hidden />}
          data-testid="consent-cancelled"
          role="status"
        >
          {PUBLISHING_MESSAGES.consentCancelled}
        </Alert>
      );
    case 'failed':
      return (
        <Alert
          variant="light"
          color="red"
          radius="md"
          title="The channel was not connected"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          role="alert"
        >
          {outcome.message}
        </Alert>
      );
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

/** Uploads as listed, with the newer answers of the ones being followed. */
function useLiveUploads(uploads: UploadEntry[] | null): UploadEntry[] | null {
  const pending = useMemo(
    () =>
      (uploads ?? [])
        .filter((entry) => entry.yt_upload_status === 'PENDING')
        .map((entry) => entry.entry_uuid),
    [uploads],
  );
  const { items } = useUploadStatuses(pending);
  return useMemo(
    () => uploads?.map((entry) => items.get(entry.entry_uuid)?.entry ?? entry) ?? null,
    [uploads, items],
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
  const channels = useLinkedChannels();
  const uploads = useUploadEntries();
  const liveUploads = useLiveUploads(uploads.data);
  const { connect, starting, problem } = useConnectChannel();
  const [disconnecting, setDisconnecting] = useState<LinkedChannel | null>(null);
  const reloadChannels = channels.reload;

  const consent = useConsentReturn(
    CONNECTED_ACCOUNTS_PATH,
    useCallback(
      async ({ channel }) => {
        toast.success(PUBLISHING_MESSAGES.connected(channel.channel_title));
        await reloadChannels();
      },
      [reloadChannels],
    ),
  );

  const disconnect = async (channel: LinkedChannel) => {
    try {
      const answer = await disconnectChannel(channel.channel_id);
      toast.success(CHANNEL_MESSAGES.disconnected(answer.channel_title || channel.channel_title));
    } catch {
      toast.error(CHANNEL_MESSAGES.problemDisconnecting);
    }
    await reloadChannels();
  };

  const configured = channels.data?.configured ?? true;
  const linked = channels.data?.channels ?? [];
  const connectButton = (
    <Button
      leftSection={<IconBrandYoutube size={18} aria-hidden />}
      color="red"
      loading={starting}
      disabled={!online || !channels.data?.configured}
      onClick={() => void connect()}
    >
      Connect a YouTube channel
    </Button>
  );

  return (
    <Container size="md" py={{ base: 28, sm: 48 }}>
      <PageHeader title={title} description={description} />
      <Stack gap="xl">
        {!online && <OfflineNotice />}
        <ConsentNotice outcome={consent} />

        <Stack gap="md" component="section" aria-labelledby="channels-heading">
          <Group justify="space-between" align="center" gap="sm">
            <Title order={2} fz="lg" id="channels-heading">
              YouTube channels
            </Title>
            {connectButton}
          </Group>
          {!configured && (
            <Alert
              color="yellow"
              variant="light"
              radius="md"
              title="YouTube is not set up here"
              icon={<IconInfoCircle size={20} aria-hidden />}
              data-testid="youtube-not-configured"
            >
              {PUBLISHING_MESSAGES.notConfigured}
            </Alert>
          )}
          {problem && (
            <Alert color="red" variant="light" radius="md" role="alert">
              {problem}
            </Alert>
          )}
          {channels.error !== null && channels.data === null ? (
            <LoadProblem
              what="Your channels could not be loaded."
              error={channels.error}
              refreshing={channels.refreshing}
              onRetry={() => void channels.reload()}
            />
          ) : channels.loading ? (
            <Stack gap="sm" aria-busy>
              <Skeleton radius="md" h={80} />
            </Stack>
          ) : linked.length === 0 ? (
            <Paper withBorder radius="lg" shadow="xs">
              <EmptyState
                py={40}
                px="md"
                variant="light"
                icon={<IconPlugConnected size={26} />}
                title="No channels connected yet"
                description={
                  configured
                    ? 'Connect your YouTube channel to publish your videos to it straight from Waveframe. Google asks you to allow it first.'
                    : 'Channels can be connected once YouTube access is set up.'
                }
              />
            </Paper>
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
          {uploads.error !== null && uploads.data === null ? (
            <LoadProblem
              what="Your uploads could not be loaded."
              error={uploads.error}
              refreshing={uploads.refreshing}
              onRetry={() => void uploads.reload()}
            />
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
