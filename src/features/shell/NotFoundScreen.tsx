import { Button, Container, Group, Text, ThemeIcon } from '@mantine/core';
import { IconArrowLeft, IconMoodSad, IconTools } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../ui/PageHeader';

/** /404: where unknown paths land, with a way home. */
export function NotFoundScreen({ title, description }: { title: string; description: string }) {
  return (
    <Container size="sm" py={64} ta="center">
      <ThemeIcon size={72} radius="xl" variant="light" mx="auto" mb="lg" aria-hidden>
        <IconMoodSad size={40} stroke={1.5} />
      </ThemeIcon>
      <PageHeader title={title} description={description} />
      <Text c="dimmed" mb="xl" mt={-8}>
        The link may be broken, or the page may have moved.
      </Text>
      <Group justify="center">
        <Button component={Link} to="/" leftSection={<IconArrowLeft size={18} aria-hidden />}>
          Back to home
        </Button>
        <Button
          component={Link}
          to="/tools"
          variant="default"
          leftSection={<IconTools size={18} aria-hidden />}
        >
          Free tools
        </Button>
      </Group>
    </Container>
  );
}
