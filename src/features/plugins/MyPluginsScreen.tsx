// /media/plugins (signed in): each plugin the installation offers, with a download per platform
// (premium plugins on premium plans only), the user's licence key and the public key to check it.
import {
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCrown, IconDownload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import {
  PLATFORM_NAMES,
  type PluginInfo,
  type PluginRelease,
} from '../../../core/plugins/api-types';
import { pluginDownloadPath } from '../../api/plugins';
import { useOnline } from '../../lib/network';
import { useSession } from '../session';
import { PageHeader } from '../../ui/PageHeader';
import { CatalogueNotice, NoPlugins } from './CatalogueNotice';
import { LicenceKeyPanel } from './LicenceKeyPanel';
import { GANYMEDE_ID, GANYMEDE_PATH, UPGRADE_PATH } from './plugin-content';
import { PublicKeyPanel } from './PublicKeyPanel';
import { newestPerPlatform, ReleaseList } from './ReleaseList';
import { usePluginCatalogue } from './use-plugin-catalogue';
import { usePluginLicence, type LicenceState } from './use-plugin-licence';

type ScreenText = { title: string; description: string };

function DownloadButton({
  plugin,
  release,
  licence,
  online,
}: {
  plugin: PluginInfo;
  release: PluginRelease;
  licence: LicenceState;
  online: boolean;
}) {
  const platform = PLATFORM_NAMES[release.platform];
  const label = `Download for ${platform}`;
  if (licence.kind === 'premium-required') {
    return (
      <Group gap="xs">
        <Button size="sm" disabled leftSection={<IconDownload size={16} aria-hidden />}>
          {label}
        </Button>
        <Button
          component={Link}
          to={UPGRADE_PATH}
          size="sm"
          variant="light"
          color="yellow"
          leftSection={<IconCrown size={16} aria-hidden />}
          aria-label={`Upgrade to download ${plugin.name} for ${platform}`}
        >
          Upgrade
        </Button>
      </Group>
    );
  }
  const ready = online && (licence.kind === 'ready' || !plugin.premium);
  return ready ? (
    <Button
      component="a"
      href={pluginDownloadPath(plugin.id, release.platform)}
      download={release.file_name}
      size="sm"
      leftSection={<IconDownload size={16} aria-hidden />}
    >
      {label}
    </Button>
  ) : (
    <Button size="sm" disabled leftSection={<IconDownload size={16} aria-hidden />}>
      {label}
    </Button>
  );
}

function PluginCard({
  plugin,
  publicKey,
  online,
}: {
  plugin: PluginInfo;
  publicKey: string | null;
  online: boolean;
}) {
  // A free plan gets no key for a premium plugin: known from the session, not asked for (and refused).
  const { plan } = useSession();
  const licence = usePluginLicence(plugin.id, publicKey, {
    refused: plugin.premium && plan?.premium === false,
  });
  const releases = newestPerPlatform(plugin.releases);
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby={`${plugin.id}-heading`}
      data-testid={`plugin-${plugin.id}`}
    >
      <Stack gap="lg">
        <Stack gap={4}>
          <Group gap="xs" align="center">
            <Title order={2} fz="h3" id={`${plugin.id}-heading`}>
              {plugin.name}
            </Title>
            {plugin.premium && (
              <Badge color="yellow" variant="light">
                Premium plans
              </Badge>
            )}
          </Group>
          {plugin.description && <Text c="dimmed">{plugin.description}</Text>}
          {plugin.id === GANYMEDE_ID && (
            <Anchor component={Link} to={GANYMEDE_PATH} size="sm">
              Features, system requirements and how to install
            </Anchor>
          )}
        </Stack>
        <LicenceKeyPanel pluginName={plugin.name} state={licence} />
        <Stack gap="xs">
          <Text fw={600}>Downloads</Text>
          {releases.length === 0 ? (
            <Text size="sm" c="dimmed">
              No release can be downloaded yet.
            </Text>
          ) : (
            <ReleaseList
              releases={releases}
              action={(release) => (
                <DownloadButton
                  plugin={plugin}
                  release={release}
                  licence={licence}
                  online={online}
                />
              )}
            />
          )}
        </Stack>
      </Stack>
    </Card>
  );
}

export function MyPluginsScreen({ title, description }: ScreenText) {
  const state = usePluginCatalogue();
  const online = useOnline();
  const plugins = state.catalogue?.plugins ?? [];
  const publicKey = state.catalogue?.licence_public_key ?? null;
  return (
    <Container size="md" py={{ base: 28, sm: 48 }}>
      <PageHeader title={title} description={description} />
      <Stack gap="xl">
        <CatalogueNotice state={state} />
        {state.loading ? (
          <Skeleton h={240} radius="lg" />
        ) : state.catalogue && plugins.length === 0 ? (
          <NoPlugins />
        ) : (
          plugins.map((plugin) => (
            <PluginCard key={plugin.id} plugin={plugin} publicKey={publicKey} online={online} />
          ))
        )}
        {publicKey && <PublicKeyPanel publicKey={publicKey} />}
      </Stack>
    </Container>
  );
}
