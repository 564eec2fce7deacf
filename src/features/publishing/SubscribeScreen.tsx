// /social/youtube/subscribe: subscribes one of the user's linked channels to Waveframe's own
// channel. A channel linked without the right to manage subscriptions (ScopeMissing) is taken
// through Google's consent once more ("Allow subscribing"); back here, the wider grant is saved
// with add-channel and the subscription made.
import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  Radio,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import {
  IconBell,
  IconBrandYoutube,
  IconCircleCheck,
  IconExternalLink,
  IconInfoCircle,
  IconLockOpen,
} from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { subscribeToWaveframe, type LinkedChannel } from '../../api/publishing';
import { useOnline } from '../../lib/network';
import { PageHeader } from '../../ui/PageHeader';
import { useLinkedChannels, useProductChannel } from './channel-data';
import { ChannelAvatar } from './ChannelList';
import { startConsent } from './consent';
import { ConnectChannelFirst } from './ConnectChannelFirst';
import { ConsentCancelled, ConsentWorking } from './ConsentNotices';
import { LoadProblem } from './LoadProblem';
import { OfflineNotice } from './OfflineNotice';
import { ProblemAlert } from './ProblemAlert';
import { PUBLISHING_MESSAGES } from './publishing-messages';
import { SUBSCRIBE_PATH } from './publishing-paths';
import { excOf, messageOf } from './server-answers';
import { SubmitWhenOnline } from './SubmitWhenOnline';
import { useConsentReturn } from './use-consent-return';
import { YouTubeNotConfigured } from './YouTubeNotConfigured';

/** Where subscribing stands for the page. */
type Outcome =
  | { kind: 'idle' }
  | { kind: 'subscribed'; channelTitle: string; already: boolean }
  | { kind: 'needs-permission'; channel: LinkedChannel }
  | { kind: 'failed'; message: string };

function OutcomeNotice({
  outcome,
  productUrl,
  allowing,
  onAllow,
}: {
  outcome: Outcome;
  productUrl: string | null;
  allowing: boolean;
  onAllow: (channel: LinkedChannel) => void;
}) {
  switch (outcome.kind) {
    case 'idle':
      return null;
    case 'subscribed':
      return (
        <Alert
          color="teal"
          variant="light"
          radius="md"
          icon={<IconCircleCheck size={20} aria-hidden />}
          title={outcome.already ? 'Already subscribed' : 'Subscribed'}
          data-testid="subscribe-done"
        >
          <Stack gap="xs">
            <Text size="sm">
              {outcome.already
                ? `${outcome.channelTitle} was already subscribed to Waveframe, so nothing changed.`
                : `${outcome.channelTitle} is now subscribed to Waveframe on YouTube. Thank you!`}
            </Text>
            {productUrl && (
              <Anchor href={productUrl} target="_blank" rel="noopener noreferrer" size="sm">
                <Group gap={4} component="span" wrap="nowrap">
                  Visit Waveframe on YouTube <IconExternalLink size={14} aria-hidden />
                </Group>
              </Anchor>
            )}
          </Stack>
        </Alert>
      );
    case 'needs-permission':
      return (
        <Alert
          color="yellow"
          variant="light"
          radius="md"
          icon={<IconLockOpen size={20} aria-hidden />}
          title="Allow subscribing first"
          data-testid="subscribe-needs-permission"
        >
          <Stack gap="sm">
            <Text size="sm">
              When {outcome.channel.channel_title} was connected, Waveframe was allowed to publish
              videos but not to manage subscriptions. Google asks you to allow it once; you then
              come back here and the subscription is made.
            </Text>
            <Group>
              <Button
                color="yellow"
                loading={allowing}
                leftSection={<IconLockOpen size={16} aria-hidden />}
                onClick={() => onAllow(outcome.channel)}
              >
                Allow subscribing
              </Button>
            </Group>
          </Stack>
        </Alert>
      );
    case 'failed':
      return <ProblemAlert title="Not subscribed">{outcome.message}</ProblemAlert>;
  }
}

export function SubscribeScreen({ title, description }: { title: string; description: string }) {
  const online = useOnline();
  const channels = useLinkedChannels();
  const product = useProductChannel();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [sending, setSending] = useState(false);
  const [allowing, setAllowing] = useState(false);

  // Back from Google with the wider grant: save it, then subscribe the channel it was for.
  const consent = useConsentReturn(
    SUBSCRIBE_PATH,
    useCallback(async ({ channel }) => {
      const answer = await subscribeToWaveframe(channel.channel_id);
      return { channelTitle: channel.channel_title, already: answer.already_subscribed };
    }, []),
  );

  const linked = channels.data?.channels ?? [];
  const chosen = linked.find((channel) => channel.channel_id === chosenId) ?? linked[0] ?? null;

  async function subscribe(channel: LinkedChannel) {
    setSending(true);
    setOutcome({ kind: 'idle' });
    try {
      const answer = await subscribeToWaveframe(channel.channel_id);
      setOutcome({
        kind: 'subscribed',
        channelTitle: channel.channel_title,
        already: answer.already_subscribed,
      });
    } catch (error) {
      setOutcome(
        excOf(error) === 'ScopeMissing'
          ? { kind: 'needs-permission', channel }
          : { kind: 'failed', message: messageOf(error) },
      );
    } finally {
      setSending(false);
    }
  }

  async function allow(channel: LinkedChannel) {
    setAllowing(true);
    try {
      await startConsent('subscribe', SUBSCRIBE_PATH, channel.channel_id);
    } catch (error) {
      setOutcome({ kind: 'failed', message: messageOf(error) });
      setAllowing(false);
    }
  }

  // The consent's return decides what shows until the user subscribes again here.
  const shown: Outcome =
    outcome.kind !== 'idle' || sending
      ? outcome
      : consent.kind === 'done'
        ? { kind: 'subscribed', ...consent.result }
        : consent.kind === 'failed'
          ? { kind: 'failed', message: consent.message }
          : outcome;

  const productConfigured = product.data ? product.data.channel_id !== null : true;
  const configured = channels.data?.configured ?? true;

  let body;
  if (channels.error !== null && channels.data === null) {
    body = <LoadProblem what="Your channels could not be loaded." source={channels} />;
  } else if (!channels.data || product.loading) {
    body = (
      <Stack gap="sm" aria-busy>
        <Skeleton radius="md" h={64} />
        <Skeleton radius="md" h={40} w={160} />
      </Stack>
    );
  } else if (!configured) {
    body = <YouTubeNotConfigured />;
  } else if (!productConfigured) {
    body = (
      <Alert
        color="yellow"
        variant="light"
        radius="md"
        title="Nothing to subscribe to yet"
        icon={<IconInfoCircle size={20} aria-hidden />}
        data-testid="product-channel-not-configured"
      >
        This installation has no Waveframe channel of its own to subscribe to. Its operator can name
        one with YOUTUBE_CHANNEL_ID.
      </Alert>
    );
  } else if (linked.length === 0) {
    body = (
      <ConnectChannelFirst description="Subscribing is done from one of your own channels: connect it, then come back here." />
    );
  } else {
    body = (
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs">
        <form
          aria-label="Subscribe to Waveframe"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen) void subscribe(chosen);
          }}
        >
          <Stack gap="lg">
            <Radio.Group
              label="Subscribe with"
              description="The channel that follows Waveframe on YouTube."
              value={chosen?.channel_id ?? null}
              onChange={setChosenId}
            >
              <Stack gap="sm" mt="xs">
                {linked.map((channel) => (
                  <Radio
                    key={channel.channel_id}
                    value={channel.channel_id}
                    label={
                      <Group gap="sm" wrap="nowrap">
                        <ChannelAvatar channel={channel} size={32} />
                        <Text fw={600}>{channel.channel_title}</Text>
                      </Group>
                    }
                    aria-label={channel.channel_title}
                    styles={{ body: { alignItems: 'center' } }}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <SubmitWhenOnline
              sending={sending}
              disabled={!chosen}
              icon={<IconBell size={18} aria-hidden />}
            >
              Subscribe
            </SubmitWhenOnline>
          </Stack>
        </form>
      </Paper>
    );
  }

  return (
    <Container size="sm" py={{ base: 28, sm: 48 }}>
      <PageHeader title={title} description={description} />
      <Stack gap="lg">
        {!online && <OfflineNotice />}
        <Text>
          Waveframe&apos;s YouTube channel shows new templates, tutorials and what artists make with
          them. Subscribe one of your connected channels in one click; you can unsubscribe on
          YouTube at any time.
        </Text>
        {product.data?.channel_url && (
          <Anchor href={product.data.channel_url} target="_blank" rel="noopener noreferrer">
            <Group gap={6} component="span" wrap="nowrap">
              <IconBrandYoutube size={18} aria-hidden /> See Waveframe&apos;s channel first
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        )}
        {consent.kind === 'working' && (
          <ConsentWorking>Saving your permission and subscribing…</ConsentWorking>
        )}
        {consent.kind === 'cancelled' && (
          <ConsentCancelled>{PUBLISHING_MESSAGES.subscribeConsentCancelled}</ConsentCancelled>
        )}
        <OutcomeNotice
          outcome={shown}
          productUrl={product.data?.channel_url ?? null}
          allowing={allowing}
          onAllow={(channel) => void allow(channel)}
        />
        {body}
      </Stack>
    </Container>
  );
}
