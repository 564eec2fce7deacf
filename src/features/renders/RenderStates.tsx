import { Button, EmptyState, Paper, Skeleton, Stack } from '@mantine/core';
import { IconMovieOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { RENDER_TEXT, type RenderKind } from './render-kinds';
import { RENDER_MESSAGES } from './render-messages';
import { OfflineAlert } from '../../ui/OfflineAlert';

/** The render does not exist (deleted, or a wrong link). */
export function RenderNotFound({ kind }: { kind: RenderKind }) {
  const text = RENDER_TEXT[kind];
  return (
    <Paper withBorder radius="lg" shadow="xs" data-testid="render-not-found">
      <EmptyState
        py={56}
        px="md"
        variant="light"
        icon={<IconMovieOff size={28} />}
        title={RENDER_MESSAGES.notFoundTitle}
        description={RENDER_MESSAGES.notFoundText}
      >
        <EmptyState.Actions>
          <Button component={Link} to={text.listPath}>
            My {text.plural}
          </Button>
          <Button component={Link} to={text.createPath()} variant="default">
            {text.galleryLabel}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}

/** Nothing known yet: a skeleton, or, offline, why nothing can show. */
export function RenderLoading({ online }: { online: boolean }) {
  if (!online) {
    return <OfflineAlert>{RENDER_MESSAGES.offlineUnknown}</OfflineAlert>;
  }
  return (
    <Stack gap="md" aria-busy>
      <Skeleton radius="lg" h={240} />
      <Skeleton radius="md" h={24} w="60%" />
    </Stack>
  );
}
