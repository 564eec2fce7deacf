import { Button, Card, Container, Group, List, SimpleGrid, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../ui/PageHeader';
import { ABOUT_INTRO, HOW_IT_WORKS, WHAT_IT_MAKES } from './content/about';
import { Blocks } from './RichText';

type ScreenText = { title: string; description: string };

/** /about: what Waveframe makes and for whom. */
export function AboutScreen({ title, description }: ScreenText) {
  return (
    <Container size="lg" py={{ base: 28, sm: 48 }}>
      <PageHeader title={title} description={description} />
      <Blocks blocks={ABOUT_INTRO} />
      <section aria-labelledby="makes-heading">
        <Title order={2} id="makes-heading" mt={40} mb="md">
          What it makes
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {WHAT_IT_MAKES.map((kind) => (
            <Card key={kind.title} withBorder radius="md" padding="lg">
              <Title order={3} fz="lg" mb={6}>
                {kind.title}
              </Title>
              <Text size="sm" c="dimmed" mb="md" style={{ flexGrow: 1 }}>
                {kind.text}
              </Text>
              <Button
                component={Link}
                to={kind.path}
                variant="light"
                size="xs"
                rightSection={<IconArrowRight size={14} aria-hidden />}
                aria-label={`Explore ${kind.title}`}
                style={{ alignSelf: 'flex-start' }}
              >
                Explore
              </Button>
            </Card>
          ))}
        </SimpleGrid>
      </section>
      <section aria-labelledby="how-heading">
        <Title order={2} id="how-heading" mt={40} mb="md">
          How it works
        </Title>
        <List spacing="sm" maw={720}>
          {HOW_IT_WORKS.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </section>
      <Group mt={40} gap="sm">
        <Button component={Link} to="/sign-up">
          Create your free account
        </Button>
        <Button component={Link} to="/faq" variant="default">
          Read the FAQ
        </Button>
      </Group>
    </Container>
  );
}
