// /audio-plugins/ganymede-visualizer: what Ganymede is, what it needs, its releases from the
// manifest (sizes and SHA-256), how to install and activate it, and the public key that checks
// licence keys offline. Downloads themselves are in My Plugins (signed in).
import {
  Alert,
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
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconLogin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../ui/PageHeader';
import { useSession } from '../session';
import { CatalogueNotice, NoPlugins } from './CatalogueNotice';
import { GANYMEDE, GANYMEDE_ID, MY_PLUGINS_PATH, UPGRADE_PATH } from './plugin-content';
import { PublicKeyPanel } from './PublicKeyPanel';
import { ReleaseList } from './ReleaseList';
import { usePluginCatalogue } from './use-plugin-catalogue';

type ScreenText = { title: string; description: string };

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={`${id}-heading`}>
      <Title order={2} fz="h3" id={`${id}-heading`}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Signed out: sign in to download; signed in: to My Plugins. */
function GetIt({ premium }: { premium: boolean }) {
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="ganymede-get-it">
      <Stack gap="sm">
        <Text fw={700}>Get {GANYMEDE.name}</Text>
        <Text size="sm" c="dimmed">
          {signedIn
            ? 'Your downloads and your licence key are in My Plugins.'
            : 'Sign in to download it and get your licence key.'}
          {premium && ' It comes with the premium plans.'}
        </Text>
        <Group gap="sm">
          {signedIn ? (
            <Button
              component={Link}
              to={MY_PLUGINS_PATH}
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Go to My Plugins
            </Button>
          ) : (
            <>
              <Button
                component={Link}
                to="/login"
                leftSection={<IconLogin size={16} aria-hidden />}
              >
                Log in
              </Button>
              <Button component={Link} to="/sign-up" variant="light">
                Create Account
              </Button>
            </>
          )}
          {premium && (
            <Button component={Link} to={UPGRADE_PATH} variant="subtle" color="yellow">
              About premium
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** The route's description stays in the page head; the page leads with the plugin's tagline. */
export function GanymedeScreen({ title }: ScreenText) {
  const state = usePluginCatalogue();
  const plugin = state.catalogue?.plugins.find((candidate) => candidate.id === GANYMEDE_ID);

  return (
    <Container size="lg" py={{ base: 28, sm: 48 }}>
      <PageHeader
        title={title}
        description={GANYMEDE.tagline}
        eyebrow={
          <Group gap="xs">
            <Badge variant="light">Audio plugin</Badge>
            {plugin?.premium && (
              <Badge variant="light" color="yellow">
                Premium plans
              </Badge>
            )}
          </Group>
        }
      />
      <Stack gap={40}>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
          <Stack gap="sm" style={{ gridColumn: 'span 2' }}>
            {GANYMEDE.intro.map((paragraph) => (
              <Text key={paragraph}>{paragraph}</Text>
            ))}
          </Stack>
          <GetIt premium={plugin?.premium ?? false} />
        </SimpleGrid>

        <Section id="features" title="Features">
          <List spacing="xs">
            {GANYMEDE.features.map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List>
        </Section>

        <Section id="requirements" title="System requirements">
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="sm" withRowBorders>
              <Table.Tbody>
                {GANYMEDE.requirements.map((row) => (
                  <Table.Tr key={row.platform}>
                    <Table.Th scope="row" w={120}>
                      {row.platform}
                    </Table.Th>
                    <Table.Td>{row.detail}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Section>

        <Section id="releases" title="Platforms and versions">
          <CatalogueNotice state={state} />
          {state.loading ? (
            <Skeleton h={120} radius="md" />
          ) : plugin && plugin.releases.length > 0 ? (
            <>
              <Text c="dimmed" size="sm">
                Check a download before installing it: its SHA-256 (for example{' '}
                <code>sha256sum</code> on Linux, <code>shasum -a 256</code> on macOS,{' '}
                <code>Get-FileHash</code> on Windows) must match the one listed here.
              </Text>
              <ReleaseList releases={plugin.releases} />
            </>
          ) : state.catalogue ? (
            <NoPlugins />
          ) : null}
        </Section>

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Section id="install" title="Install">
            <List type="ordered" spacing="xs">
              {GANYMEDE.install.map((step) => (
                <List.Item key={step}>{step}</List.Item>
              ))}
            </List>
          </Section>
          <Section id="activate" title="Activate with your licence key">
            <List type="ordered" spacing="xs">
              {GANYMEDE.activate.map((step) => (
                <List.Item key={step}>{step}</List.Item>
              ))}
            </List>
          </Section>
        </SimpleGrid>

        <PublicKeyPanel publicKey={state.catalogue?.licence_public_key ?? null} />

        <Alert variant="light" radius="md" title="Your licence key">
          Signed in, My Plugins shows your own key: it names your account and the plugin, and lasts
          a year.{' '}
          <Anchor component={Link} to={MY_PLUGINS_PATH}>
            Open My Plugins
          </Anchor>
          .
        </Alert>
      </Stack>
    </Container>
  );
}
