// /audio-plugins: the plugins this installation offers, Ganymede first, from the operator's
// manifest (docs/plugins.md); the page's own text shows offline too.
import {
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconWaveSine } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { PluginInfo } from '../../../core/plugins/api-types';
import { PageHeader } from '../../ui/PageHeader';
import { CatalogueNotice, NoPlugins } from './CatalogueNotice';
import { platformSummary } from './platform-summary';
import { GANYMEDE, GANYMEDE_ID, GANYMEDE_PATH, MY_PLUGINS_PATH } from './plugin-content';
import { usePluginCatalogue } from './use-plugin-catalogue';

type ScreenText = { title: string; description: string };

function Availability({ plugin, loading }: { plugin: PluginInfo | undefined; loading: boolean }) {
  if (loading) return <Skeleton h={22} w={220} radius="sm" />;
  const summary = plugin ? platformSummary(plugin.releases) : null;
  return (
    <Group gap="xs">
      {plugin?.premium && (
        <Badge color="yellow" variant="light">
          Premium plans
        </Badge>
      )}
      <Text size="sm" c="dimmed" data-testid="ganymede-availability">
        {summary ?? 'No download yet'}
      </Text>
    </Group>
  );
}

export function AudioPluginsScreen({ title, description }: ScreenText) {
  const state = usePluginCatalogue();
  const plugins = state.catalogue?.plugins ?? [];
  const ganymede = plugins.find((plugin) => plugin.id === GANYMEDE_ID);
  const others = plugins.filter((plugin) => plugin.id !== GANYMEDE_ID);

  return (
    <Container size="lg" py={{ base: 28, sm: 48 }}>
      <PageHeader title={title} description={description} />
      <Stack gap="xl">
        <CatalogueNotice state={state} />
        <Card
          withBorder
          radius="lg"
          padding="xl"
          component="section"
          aria-labelledby="ganymede-heading"
        >
          <Group align="flex-start" gap="lg" wrap="nowrap">
            <IconWaveSine
              size={40}
              stroke={1.5}
              color="var(--mantine-color-violet-6)"
              aria-hidden
            />
            <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
              <Title order={2} fz="h3" id="ganymede-heading">
                {GANYMEDE.name}
              </Title>
              <Text>{GANYMEDE.tagline}</Text>
              <Availability plugin={ganymede} loading={state.loading} />
              <List size="sm" spacing={4}>
                {GANYMEDE.features.slice(0, 3).map((feature) => (
                  <List.Item key={feature}>{feature}</List.Item>
                ))}
              </List>
              <Group gap="sm" mt="xs">
                <Button
                  component={Link}
                  to={GANYMEDE_PATH}
                  rightSection={<IconArrowRight size={16} aria-hidden />}
                >
                  About {GANYMEDE.name}
                </Button>
                <Button component={Link} to={MY_PLUGINS_PATH} variant="light">
                  Downloads and licence key
                </Button>
              </Group>
            </Stack>
          </Group>
        </Card>

        {others.length > 0 && (
          <Stack gap="md" component="section" aria-labelledby="more-plugins-heading">
            <Title order={2} fz="h3" id="more-plugins-heading">
              More plugins
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              {others.map((plugin) => (
                <Card
                  key={plugin.id}
                  withBorder
                  radius="md"
                  padding="lg"
                  data-testid={`plugin-${plugin.id}`}
                >
                  <Title order={3} fz="h4" mb={4}>
                    {plugin.name}
                  </Title>
                  {plugin.description && (
                    <Text size="sm" c="dimmed" mb="sm">
                      {plugin.description}
                    </Text>
                  )}
                  <Text size="sm" mb="sm">
                    {platformSummary(plugin.releases) ?? 'No download yet'}
                    {plugin.premium ? ' · premium plans' : ''}
                  </Text>
                  <Anchor component={Link} to={MY_PLUGINS_PATH} fw={600} size="sm">
                    Downloads in My Plugins
                  </Anchor>
                </Card>
              ))}
            </SimpleGrid>
          </Stack>
        )}
        {state.catalogue && plugins.length === 0 && <NoPlugins />}

        <Stack gap="xs" component="section" aria-labelledby="how-heading">
          <Title order={2} fz="h3" id="how-heading">
            How the plugins work
          </Title>
          <List spacing="xs">
            <List.Item>
              Download a release for your system from My Plugins once you are signed in; each file
              is listed with its size and SHA-256 so you can check what you got.
            </List.Item>
            <List.Item>
              Activate it with your licence key from the same page. The key is signed by Waveframe
              and checked inside the plugin: it works offline, on each of your own computers.
            </List.Item>
            <List.Item>
              Plugins marked for premium plans come with Creator and Unlimited:{' '}
              <Anchor component={Link} to="/premium">
                see what premium includes
              </Anchor>
              .
            </List.Item>
          </List>
        </Stack>
      </Stack>
    </Container>
  );
}
