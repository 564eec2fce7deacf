// /media/release-kits: the user's kits, newest first, each leading to its page; followed every
// 5 s while one still renders.
import {
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconPackage, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { fetchKits, type ReleaseKit } from '../../api/release-kits';
import { formatDate } from '../../lib/format';
import { useOnline } from '../../lib/network';
import { startStatusPoll } from '../../lib/status-poll';
import { MediaFrame } from '../../ui/MediaFrame';
import { KIT_CREATOR_PATH, KIT_STATUS_TEXT, kitPath, kitTimeText, OUTPUT_TEXT } from './kit-words';

const listTiming = { pollIntervalMs: 5_000, rateLimitedRetryMs: 5_000 };

function newestFirst(kits: readonly ReleaseKit[]): ReleaseKit[] {
  return [...kits].sort((a, b) => b.created_at.localeCompare(a.created_at));
}

function KitCard({ kit }: { kit: ReleaseKit }) {
  const status = KIT_STATUS_TEXT[kit.status];
  const percent = kit.status === 'COMPLETE' ? 100 : Math.floor(kit.percent_complete);
  const files = kit.parts.map((part) => OUTPUT_TEXT[part.output].label).join(' · ');
  return (
    <UnstyledButton
      component={Link}
      to={kitPath(kit.kit_uuid)}
      data-testid="kit-card"
      data-kit={kit.kit_uuid}
      style={{ display: 'block', borderRadius: 'var(--mantine-radius-lg)' }}
    >
      <Paper withBorder radius="lg" p="md" shadow="xs">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <Stack gap={0} miw={0}>
              <Text fw={700} truncate="end">
                {kit.title || kit.audio_file_name}
              </Text>
              <Text size="sm" c="dimmed" truncate="end">
                {[kit.artist, formatDate(kit.created_at)].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
            <Badge color={status.color} variant="light" radius="sm" style={{ flex: 'none' }}>
              {status.label}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {files}
          </Text>
          {kit.status === 'IN-PROGRESS' && (
            <Stack gap={4}>
              <Progress
                value={Math.max(2, percent)}
                size="sm"
                radius="xl"
                striped
                animated
                aria-label={`${kit.title || kit.audio_file_name}: ${Math.floor(percent)}% rendered`}
              />
              <Text size="xs" c="dimmed" data-testid="kit-card-progress">
                {percent}% · {kitTimeText(kit)}
              </Text>
            </Stack>
          )}
        </Stack>
      </Paper>
    </UnstyledButton>
  );
}

export function ReleaseKitsScreen({ title, description }: { title: string; description: string }) {
  const online = useOnline();
  const [kits, setKits] = useState<ReleaseKit[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(
    () =>
      startStatusPoll({
        ask: () => fetchKits(),
        onAnswer: (answer) => {
          setKits(newestFirst(answer));
          setFailed(false);
          return answer.some((kit) => kit.status === 'IN-PROGRESS');
        },
        onProblem: () => setFailed(true),
        timing: listTiming,
      }),
    [attempt],
  );

  const create = (
    <Button
      component={Link}
      to={KIT_CREATOR_PATH}
      leftSection={<IconPlus size={16} aria-hidden />}
      size="compact-md"
      radius="xl"
    >
      New release kit
    </Button>
  );

  return (
    <MediaFrame
      title={title}
      description={description}
      actions={kits && kits.length > 0 ? create : undefined}
      online={online}
      failed={failed}
      refreshing={false}
      onRetry={() => setAttempt((n) => n + 1)}
      offlineNotice="You are offline: your release kits show once you are back online."
      refreshFailed="Your release kits could not be loaded."
    >
      {kits === null ? (
        failed ? null : (
          <Stack gap="sm" aria-busy>
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} h={96} radius="lg" />
            ))}
          </Stack>
        )
      ) : kits.length === 0 ? (
        <Paper withBorder radius="lg" shadow="xs" data-testid="kits-empty">
          <EmptyState
            py={56}
            px="md"
            variant="light"
            icon={<IconPackage size={28} />}
            title="No release kits yet"
            description="One track and one look make every video a single needs: the full video, the hook for Shorts, Reels and TikTok, a feed clip, a Spotify Canvas and a thumbnail."
          >
            <EmptyState.Actions>
              <Button component={Link} to={KIT_CREATOR_PATH} data-testid="kits-empty-create">
                Make your first release kit
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Paper>
      ) : (
        <Stack gap="sm" data-testid="kits-list">
          {kits.map((kit) => (
            <KitCard key={kit.kit_uuid} kit={kit} />
          ))}
        </Stack>
      )}
    </MediaFrame>
  );
}
