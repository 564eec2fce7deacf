import { Alert, Button, Container, Group } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import classes from './MediaFrame.module.css';
import { PageHeader } from './PageHeader';
import { OfflineCopyNotice, OfflineMarker } from './OfflineCopy';

const SECTIONS = [
  { to: '/media', label: 'Overview' },
  { to: '/media/images', label: 'Images' },
  { to: '/media/audio', label: 'Audio' },
  { to: '/media/visualizers', label: 'Visualizers' },
  { to: '/media/single-frame-videos', label: 'Static videos' },
  { to: '/media/canvas-videos', label: 'Canvas' },
  { to: '/media/video-loop-extensions', label: 'Loops' },
  { to: '/media/particle-systems', label: 'Particles' },
  { to: '/media/release-kits', label: 'Release kits' },
  { to: '/media/connected-accounts', label: 'Connected accounts' },
  { to: '/media/plugins', label: 'Plugins' },
] as const;

/**
 * My Media's links: the overview, images, audio, the video sections, channels and plugins. On a
 * phone they scroll sideways in one row, the current one brought into view.
 */
function MediaNav() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const row = nav.current;
    const current = row?.querySelector<HTMLElement>('[data-current]');
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft =
      current.offsetLeft - row.offsetLeft - (row.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return (
    <nav ref={nav} className={classes.nav} aria-label="Media library">
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
            data-current={active || undefined}
          >
            {section.label}
          </Button>
        );
      })}
    </nav>
  );
}

export interface MediaFrameProps {
  title: string;
  description: ReactNode;
  eyebrow?: ReactNode;
  /** Beside the section links (a create button, say). */
  actions?: ReactNode;
  online: boolean;
  /** The last refresh of this screen's data failed (shown only online). */
  failed: boolean;
  refreshing: boolean;
  onRetry: () => void;
  offlineNotice: ReactNode;
  /** When the saved copy shown was fetched from the server (said offline), if known. */
  savedAt?: number | null;
  refreshFailed: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every My Media screen: title, section links, and whether the data is live or
 * saved (offline marker and notice with the time it was fetched; a failed refresh with Try
 * again).
 */
export function MediaFrame(props: MediaFrameProps) {
  const { online, eyebrow } = props;
  return (
    <Container size="lg" py={{ base: 28, sm: 48 }}>
      <PageHeader
        title={props.title}
        description={props.description}
        eyebrow={
          eyebrow || !online ? (
            <Group gap="xs">
              {eyebrow}
              {!online && <OfflineMarker />}
            </Group>
          ) : undefined
        }
      />
      <Group justify="space-between" align="flex-start" gap="sm" mb="lg">
        <MediaNav />
        {props.actions}
      </Group>
      {!online && (
        <OfflineCopyNotice mb="lg" savedAt={props.savedAt}>
          {props.offlineNotice}
        </OfflineCopyNotice>
      )}
      {online && props.failed && (
        <Alert
          color="red"
          variant="light"
          radius="md"
          mb="lg"
          icon={<IconAlertTriangle size={20} aria-hidden />}
        >
          <Group justify="space-between" gap="sm">
            <span>{props.refreshFailed}</span>
            <Button
              size="compact-sm"
              variant="white"
              color="red"
              loading={props.refreshing}
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={props.onRetry}
            >
              Try again
            </Button>
          </Group>
        </Alert>
      )}
      {props.children}
    </Container>
  );
}
