import { Alert, Anchor, Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconMovie, IconSparkles } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatCredits } from '../../../core/credit-display';
import { RENDER_MESSAGES, type RenderRequest } from './use-render-request';
import type { RenderGate } from './render-gate';

/** The no-credits message of the spec, with the way to more credits. */
export function NoCreditsAlert({ message = RENDER_MESSAGES.noCredits }: { message?: string }) {
  return (
    <Alert
      color="orange"
      variant="light"
      radius="md"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      data-testid="no-credits"
    >
      <Stack gap={6}>
        <Text size="sm">{message}</Text>
        <Anchor component={Link} to="/pricing" size="sm" fw={600}>
          See plans and pricing
        </Anchor>
      </Stack>
    </Alert>
  );
}

function RequestProgress({ request }: { request: RenderRequest }) {
  if (request.phase === 'uploading') {
    return (
      <Stack gap={4} data-testid="render-progress" data-phase="uploading">
        <Text size="sm">Uploading your track… {request.percent} %</Text>
        <Progress value={request.percent} size="sm" aria-label="Upload progress" />
        <Text size="xs" c="dimmed">
          {request.note ?? 'Keep this page open: the render starts once your track is processed.'}
        </Text>
      </Stack>
    );
  }
  if (request.phase === 'processing') {
    return (
      <Stack gap={4} data-testid="render-progress" data-phase="processing">
        <Text size="sm">Processing your track on the server…</Text>
        <Progress value={100} animated striped size="sm" aria-label="Processing" />
      </Stack>
    );
  }
  return null;
}

/** Remaining credits, the Render button, and why it cannot render when it cannot. */
export function RenderPanel({
  gate,
  credits,
  request,
  online,
  busy,
  canRender,
  hint,
  onRender,
  onLogin,
  creditLabel = 'Visualizer credits',
  noCreditsMessage,
  header,
  actionLabel = 'Render video',
  actionTestId,
}: {
  gate: RenderGate;
  credits: number | null;
  request: RenderRequest;
  online: boolean;
  busy: boolean;
  /** False while no track is chosen (the demo loop plays). */
  canRender: boolean;
  hint: string;
  onRender: () => void;
  onLogin: () => void;
  /** What the render spends: 'Visualizer credits' or 'Canvas credits'. */
  creditLabel?: string;
  noCreditsMessage?: string;
  /** Stands in for the credits-left line (a release kit: its price and the balance). */
  header?: ReactNode;
  actionLabel?: string;
  actionTestId?: string;
}) {
  const noCredits = gate === 'no-credits' || (request.phase === 'failed' && request.noCredits);
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs">
      <Stack gap="md">
        {header ?? (
          <Group justify="space-between" wrap="nowrap">
            <Group gap={8} wrap="nowrap">
              <IconSparkles size={18} aria-hidden />
              <Text fw={600}>{creditLabel}</Text>
            </Group>
            {gate === 'sign-in' ? (
              <Text size="sm" c="dimmed">
                Log in to see
              </Text>
            ) : (
              <Badge size="lg" variant="light" data-testid="credits-left">
                {credits === null ? '–' : `${formatCredits(credits)} left`}
              </Badge>
            )}
          </Group>
        )}
        {noCredits && <NoCreditsAlert message={noCreditsMessage} />}
        {request.phase === 'failed' && !request.noCredits && (
          <Alert color="red" variant="light" radius="md" role="alert" data-testid="render-error">
            {request.message}
          </Alert>
        )}
        <RequestProgress request={request} />
        {gate === 'sign-in' ? (
          <Button
            size="lg"
            fullWidth
            onClick={onLogin}
            leftSection={<IconMovie size={20} aria-hidden />}
          >
            Log in to render
          </Button>
        ) : (
          <Button
            size="lg"
            fullWidth
            leftSection={<IconMovie size={20} aria-hidden />}
            loading={busy}
            disabled={noCredits || gate === 'checking' || !online || !canRender}
            onClick={onRender}
            data-testid={actionTestId}
          >
            {actionLabel}
          </Button>
        )}
        <Text size="xs" c="dimmed" ta="center">
          {!online ? RENDER_MESSAGES.offline : hint}
        </Text>
      </Stack>
    </Paper>
  );
}
