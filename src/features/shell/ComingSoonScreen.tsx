import {
  Badge,
  Button,
  Code,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconArrowLeft, IconHammer } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { PageHeader } from '../../ui/PageHeader';

export interface ComingSoonScreenProps {
  title: string;
  description: string;
  /** The area of work that fills this screen, e.g. "Media library". */
  areaLabel: string;
}

/** A screen whose content arrives with a later area of work: its title, purpose and parameters. */
export function ComingSoonScreen({ title, description, areaLabel }: ComingSoonScreenProps) {
  const params = useParams({ strict: false }) as Record<string, string | undefined>;
  const entries = Object.entries(params).filter(
    (pair): pair is [string, string] => typeof pair[1] === 'string' && pair[0] !== '_splat',
  );

  return (
    <Container size="md" py={48} data-testid="coming-soon">
      <PageHeader
        title={title}
        description={description}
        eyebrow={
          <Badge variant="light" size="lg" radius="sm" w="fit-content">
            {areaLabel}
          </Badge>
        }
      />
      {entries.length > 0 && (
        <Group gap="xs" mb="lg" data-testid="route-params">
          {entries.map(([name, value]) => (
            <Code key={name} fz="sm">
              {name}: {value}
            </Code>
          ))}
        </Group>
      )}
      <Paper withBorder radius="lg" p="xl" shadow="xs">
        <Group align="flex-start" wrap="nowrap" gap="lg">
          <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
            <IconHammer size={26} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={6}>
            <Text fw={700} fz="lg">
              This screen is on its way
            </Text>
            <Text c="dimmed">
              It arrives with the {areaLabel.toLowerCase()} release. Meanwhile the free tools are
              ready to use.
            </Text>
            <Group mt="sm" gap="sm">
              <Button
                component={Link}
                to="/"
                variant="default"
                leftSection={<IconArrowLeft size={16} aria-hidden />}
              >
                Back to home
              </Button>
              <Button component={Link} to="/tools" variant="light">
                Explore free tools
              </Button>
            </Group>
          </Stack>
        </Group>
      </Paper>
    </Container>
  );
}
