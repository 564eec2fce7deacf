import { Alert, Badge, Button, Container, Group } from '@mantine/core';
import { IconAlertTriangle, IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageHeader } from '../../ui/PageHeader';
import { useLibraryServices } from '../uploads/library-services';
import { useSyncStatus } from './library-queries';
import { OFFLINE_NOTICE, REFRESH_FAILED } from './library-messages';
import { useOnline } from './network';

const SECTIONS = [
  { to: '/media', label: 'Overview' },
  { to: '/media/images', label: 'Images' },
  { to: '/media/audio', label: 'Audio' },
] as const;

/** The library's links: the overview, images and audio. */
function LibraryNav() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <Group gap={6} mb="lg" component="nav" aria-label="Media library">
      {SECTIONS.map((section) => {
        const active =
          section.to === '/media' ? pathname === '/media' : pathname.startsWith(section.to);
        return (
          <Button
            key={section.to}
            component={Link}
            to={section.to}
            variant={active ? 'light' : 'subtle'}
            color={active ? undefined : 'gray'}
            size="compact-md"
            radius="xl"
            aria-current={active ? 'page' : undefined}
          >
            {section.label}
          </Button>
        );
      })}
    </Group>
  );
}

/** The frame of every library screen: title, links, and whether the data is live or saved. */
export function LibraryLayout({
  title,
  description,
  eyebrow,
  children,
}: {
  title: string;
  description: ReactNode;
  eyebrow?: ReactNode;
  children: ReactNode;
}) {
  const { sync } = useLibraryServices();
  const online = useOnline();
  const status = useSyncStatus();
  const failed = online && (status.images.failed || status.audios.failed);
  const refreshing = status.images.refreshing || status.audios.refreshing;

  return (
    <Container size="lg" py={{ base: 28, sm: 48 }}>
      <PageHeader
        title={title}
        description={description}
        eyebrow={
          eyebrow || !online ? (
            <Group gap="xs">
              {eyebrow}
              {!online && (
                <Badge
                  color="orange"
                  variant="light"
                  size="lg"
                  radius="sm"
                  leftSection={<IconCloudOff size={14} aria-hidden />}
                  data-testid="offline-marker"
                >
                  Offline
                </Badge>
              )}
            </Group>
          ) : undefined
        }
      />
      <LibraryNav />
      {!online && (
        <Alert
          color="orange"
          variant="light"
          radius="md"
          mb="lg"
          icon={<IconCloudOff size={20} aria-hidden />}
        >
          {OFFLINE_NOTICE}
        </Alert>
      )}
      {failed && (
        <Alert
          color="red"
          variant="light"
          radius="md"
          mb="lg"
          icon={<IconAlertTriangle size={20} aria-hidden />}
        >
          <Group justify="space-between" gap="sm">
            <span>{REFRESH_FAILED}</span>
            <Button
              size="compact-sm"
              variant="white"
              color="red"
              loading={refreshing}
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => {
                void sync.refresh('images', { force: true });
                void sync.refresh('audios', { force: true });
              }}
            >
              Try again
            </Button>
          </Group>
        </Alert>
      )}
      {children}
    </Container>
  );
}
