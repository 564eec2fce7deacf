// The kit's Publish panel: the full video to YouTube (with the kit's thumbnail) and the vertical
// hook as a Short, to one linked channel; then each upload with a link to its progress page.
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBrandYoutube, IconPlugConnected } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import {
  PRIVACY_LEVELS,
  TITLE_MAX_CHARS,
  type Privacy,
} from '../../../core/publishing/upload-config';
import { isApiError } from '../../api/api-error';
import type { UploadEntry } from '../../api/publishing';
import { publishKit, type ReleaseKit } from '../../api/release-kits';
import { useOnline } from '../../lib/network';
import {
  CONNECTED_ACCOUNTS_PATH,
  publishProgressPath,
  UploadStatusBadge,
  type useLinkedChannels,
} from '../publishing';

const PRIVACY_LABELS: Record<Privacy, string> = {
  private: 'Private',
  unlisted: 'Unlisted',
  public: 'Public',
};

export const PUBLISH_MESSAGES = {
  failed: 'The kit could not be published. Try again in a moment.',
  offline: 'You are offline: publishing needs a connection.',
  notConfigured: 'Publishing to YouTube is not set up on this server.',
  noneChosen: 'Choose the full video, the Short or both.',
} as const;

function failureText(error: unknown): string {
  if (isApiError(error)) {
    if (!error.hasResponse) return PUBLISH_MESSAGES.offline;
    if (error.status < 500 && error.message) return error.message;
  }
  return PUBLISH_MESSAGES.failed;
}

type Publishable = 'full' | 'vertical';

function partReady(kit: ReleaseKit, output: Publishable): boolean | null {
  const part = kit.parts.find((p) => p.output === output);
  if (!part) return null;
  return part.status === 'COMPLETE';
}

function Uploads({ uploads }: { uploads: readonly UploadEntry[] }) {
  return (
    <Stack gap="xs" data-testid="kit-publish-uploads">
      <Text fw={600} c="teal">
        Sent to YouTube. Follow each upload:
      </Text>
      {uploads.map((upload) => (
        <Group key={upload.entry_uuid} justify="space-between" gap="xs" wrap="nowrap">
          <Anchor
            component={Link}
            to={publishProgressPath(upload.entry_uuid)}
            data-testid="kit-upload-link"
            lineClamp={1}
          >
            {upload.title}
          </Anchor>
          <UploadStatusBadge status={upload.yt_upload_status} percent={upload.percent_complete} />
        </Group>
      ))}
    </Stack>
  );
}

/** The linked channels as the kit's page loaded them once for its right column. */
export type KitChannels = ReturnType<typeof useLinkedChannels>;

function PublishForm({ kit, linked }: { kit: ReleaseKit; linked: KitChannels }) {
  const online = useOnline();
  const { data, loading, error: loadError, reload } = linked;
  const channels = data?.channels ?? [];
  const [channelId, setChannelId] = useState<string | null>(null);
  const [title, setTitle] = useState(kit.title);
  const [description, setDescription] = useState('');
  const [privacy, setPrivacy] = useState<Privacy>('private');
  const fullReady = partReady(kit, 'full');
  const shortReady = partReady(kit, 'vertical');
  const [wanted, setWanted] = useState<Record<Publishable, boolean>>({
    full: fullReady !== null,
    vertical: shortReady !== null,
  });
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploads, setUploads] = useState<UploadEntry[] | null>(null);

  if (loading) return <Skeleton h={160} radius="md" />;
  if (loadError) {
    return (
      <Alert color="red" variant="light" radius="md">
        <Group justify="space-between" gap="xs">
          <Text size="sm">Your linked channels could not be loaded.</Text>
          <Button size="compact-sm" variant="white" color="red" onClick={() => void reload()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }
  if (data && !data.configured) {
    return (
      <Text size="sm" c="dimmed">
        {PUBLISH_MESSAGES.notConfigured}
      </Text>
    );
  }
  if (channels.length === 0) {
    return (
      <Stack gap="xs" align="flex-start" data-testid="kit-publish-no-channel">
        <Text size="sm" c="dimmed">
          Link your YouTube channel to publish the full video and the Short from here.
        </Text>
        <Button
          component={Link}
          to={CONNECTED_ACCOUNTS_PATH}
          color="red"
          leftSection={<IconPlugConnected size={16} aria-hidden />}
          data-testid="kit-publish-connect"
        >
          Connect a YouTube channel
        </Button>
      </Stack>
    );
  }
  if (uploads) return <Uploads uploads={uploads} />;

  const channel = channelId ?? channels[0]!.channel_id;
  const outputs = (['full', 'vertical'] as const).filter(
    (output) => wanted[output] && partReady(kit, output),
  );
  const titleProblem =
    title.trim().length === 0
      ? 'Give the video a title.'
      : title.length > TITLE_MAX_CHARS
        ? `At most ${TITLE_MAX_CHARS} characters.`
        : null;
  const notYet = fullReady === false || shortReady === false;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (titleProblem || outputs.length === 0 || sending) return;
    setSending(true);
    setProblem(null);
    try {
      const answer = await publishKit(kit.kit_uuid, {
        channel_id: channel,
        privacy,
        title: title.trim(),
        ...(description.trim() ? { description: description.trim() } : {}),
        outputs,
      });
      setUploads(answer.uploads);
    } catch (error) {
      setProblem(failureText(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Select
          label="Channel"
          data={channels.map((c) => ({ value: c.channel_id, label: c.channel_title }))}
          value={channel}
          onChange={(value) => value && setChannelId(value)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="kit-publish-channel"
        />
        <TextInput
          label="Title"
          description='The Short gets the same title with "#Shorts".'
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={titleProblem}
          maxLength={TITLE_MAX_CHARS}
          required
          data-testid="kit-publish-title"
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={6}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="kit-privacy-label">
            Visibility
          </Text>
          <SegmentedControl
            value={privacy}
            onChange={(value) => setPrivacy(value as Privacy)}
            data={PRIVACY_LEVELS.map((level) => ({ value: level, label: PRIVACY_LABELS[level] }))}
            aria-labelledby="kit-privacy-label"
            data-testid="kit-publish-privacy"
          />
        </Stack>
        <Checkbox
          label="Full video on YouTube"
          description={
            fullReady === null
              ? 'Not in this kit.'
              : fullReady
                ? 'With the kit’s thumbnail, where YouTube allows one.'
                : 'Once it is rendered.'
          }
          checked={wanted.full && fullReady === true}
          disabled={fullReady !== true}
          onChange={(event) => setWanted((w) => ({ ...w, full: event.currentTarget.checked }))}
          data-testid="kit-publish-full"
        />
        <Checkbox
          label="Hook as a YouTube Short"
          description={
            shortReady === null
              ? 'Not in this kit.'
              : shortReady
                ? 'The vertical hook, under 60 s.'
                : 'Once it is rendered.'
          }
          checked={wanted.vertical && shortReady === true}
          disabled={shortReady !== true}
          onChange={(event) => setWanted((w) => ({ ...w, vertical: event.currentTarget.checked }))}
          data-testid="kit-publish-short"
        />
        {problem && (
          <Alert
            color="red"
            variant="light"
            radius="md"
            role="alert"
            data-testid="kit-publish-error"
          >
            {problem}
          </Alert>
        )}
        <Group gap="sm">
          <Button
            type="submit"
            color="red"
            leftSection={<IconBrandYoutube size={18} aria-hidden />}
            loading={sending}
            disabled={!online || outputs.length === 0 || titleProblem !== null}
            data-testid="kit-publish-submit"
          >
            Publish
          </Button>
          <Text size="xs" c="dimmed">
            {!online
              ? PUBLISH_MESSAGES.offline
              : outputs.length === 0
                ? notYet
                  ? 'Publishing opens as the videos finish.'
                  : PUBLISH_MESSAGES.noneChosen
                : null}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}

export function KitPublishPanel({ kit, linked }: { kit: ReleaseKit; linked: KitChannels }) {
  const publishable = kit.parts.some((p) => p.output === 'full' || p.output === 'vertical');
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" component="section" aria-label="Publish">
      <Title order={2} fz="lg" mb="sm">
        Publish
      </Title>
      {publishable ? (
        <PublishForm kit={kit} linked={linked} />
      ) : (
        <Text size="sm" c="dimmed">
          This kit has neither the full video nor the vertical hook to publish on YouTube.
        </Text>
      )}
    </Paper>
  );
}
