import {
  Badge,
  Button,
  Card,
  Container,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowRight,
  IconMetronome,
  IconMovie,
  IconPackage,
  IconPhoto,
  IconWaveSine,
  IconWaveSquare,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../ui/use-page-title';
import { HeroArt } from './HeroArt';

interface Product {
  title: string;
  text: string;
  to: string;
  icon: ReactNode;
  color: string;
}

const PRODUCTS: Product[] = [
  {
    title: 'Music Visualizers',
    text: 'Spectrums, waveforms and particles that move with every beat of your track.',
    to: '/music-visualizer-creator',
    icon: <IconWaveSine size={24} stroke={1.7} />,
    color: 'wave',
  },
  {
    title: 'Static Music Videos',
    text: 'One image and your audio become a clean video, ready to publish in minutes.',
    to: '/single-frame-music-video-templates',
    icon: <IconPhoto size={24} stroke={1.7} />,
    color: 'pink',
  },
  {
    title: 'Spotify Canvas Videos',
    text: 'Short looping clips that play behind your song on Spotify.',
    to: '/spotify-canvas-video-templates',
    icon: <IconMovie size={24} stroke={1.7} />,
    color: 'teal',
  },
];

/** The landing page: what Waveframe makes, and where to start. */
export function HomeScreen({ title, description }: { title: string; description: string }) {
  usePageTitle(title);
  return (
    <>
      <Container size="lg" pt={{ base: 40, md: 72 }} pb={{ base: 40, md: 64 }}>
        <Grid gap={{ base: 40, md: 56 }} align="center">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="lg">
              <Badge variant="light" size="lg" radius="sm" w="fit-content">
                Made for musicians and creators
              </Badge>
              <Title order={1} fz={{ base: 36, sm: 48, md: 56 }} lh={1.05} lts={-1}>
                Turn your music into{' '}
                <Text
                  span
                  inherit
                  variant="gradient"
                  gradient={{ from: 'wave.5', to: 'pink.5', deg: 100 }}
                >
                  videos
                </Text>
              </Title>
              <Text size="xl" c="dimmed" maw={520}>
                {description}
              </Text>
              <Group gap="sm" mt="xs">
                <Button
                  component={Link}
                  to="/music-visualizer-creator"
                  size="lg"
                  variant="gradient"
                  gradient={{ from: 'wave.6', to: 'pink.6', deg: 120 }}
                  rightSection={<IconArrowRight size={18} aria-hidden />}
                >
                  Create a visualizer
                </Button>
                <Button
                  component={Link}
                  to="/single-frame-music-video-templates"
                  size="lg"
                  variant="default"
                >
                  Browse templates
                </Button>
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <HeroArt />
          </Grid.Col>
        </Grid>
      </Container>

      <Container size="lg" pb={64}>
        <Title order={2} fz={28} mb="lg">
          What you can make
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {PRODUCTS.map((product) => (
            <Card key={product.title} withBorder radius="lg" padding="xl" shadow="xs">
              <ThemeIcon size={48} radius="md" variant="light" color={product.color} aria-hidden>
                {product.icon}
              </ThemeIcon>
              <Text fw={700} fz="lg" mt="md">
                {product.title}
              </Text>
              <Text c="dimmed" mt={6} mb="lg" style={{ flexGrow: 1 }}>
                {product.text}
              </Text>
              <Button
                component={Link}
                to={product.to}
                variant="light"
                color={product.color}
                rightSection={<IconArrowRight size={16} aria-hidden />}
                w="fit-content"
              >
                Explore
              </Button>
            </Card>
          ))}
        </SimpleGrid>

        <Card
          withBorder
          radius="lg"
          padding="xl"
          mt="xl"
          shadow="xs"
          data-testid="home-release-kit"
        >
          <Group justify="space-between" gap="lg">
            <Group gap="md" wrap="nowrap" align="flex-start">
              <ThemeIcon size={48} radius="md" variant="light" color="grape" aria-hidden>
                <IconPackage size={24} stroke={1.7} />
              </ThemeIcon>
              <Stack gap={4}>
                <Text fw={700} fz="lg">
                  Releasing a single? Make the whole kit at once
                </Text>
                <Text c="dimmed" maw={560}>
                  The full video, the hook for Shorts, Reels and TikTok, a feed clip, a Spotify
                  Canvas and a thumbnail, from one track, with the hook found in your music.
                </Text>
              </Stack>
            </Group>
            <Button
              component={Link}
              to="/release-kit-creator"
              variant="light"
              color="grape"
              rightSection={<IconArrowRight size={16} aria-hidden />}
            >
              Make a release kit
            </Button>
          </Group>
        </Card>

        <Card withBorder radius="lg" padding="xl" mt="xl" shadow="xs">
          <Group justify="space-between" gap="lg">
            <Stack gap={4}>
              <Text fw={700} fz="lg">
                Free tools for your next session
              </Text>
              <Text c="dimmed">Delay times from a tempo, periods from a frequency, and more.</Text>
            </Stack>
            <Group gap="sm">
              <Button
                component={Link}
                to="/tools/time-tempo-bpm-to-milliseconds-ms"
                variant="default"
                leftSection={<IconMetronome size={18} aria-hidden />}
              >
                BPM to ms
              </Button>
              <Button
                component={Link}
                to="/tools/hertz-hz-to-milliseconds-ms"
                variant="default"
                leftSection={<IconWaveSquare size={18} aria-hidden />}
              >
                Hz to ms
              </Button>
            </Group>
          </Group>
        </Card>
      </Container>
    </>
  );
}
