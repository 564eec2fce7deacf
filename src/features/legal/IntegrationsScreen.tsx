import {
  Anchor,
  Badge,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../ui/PageHeader';
import { INTEGRATIONS } from './content/integrations';
import classes from './legal.module.css';

type ScreenText = { title: string; description: string };

/** /integrations: YouTube, Spotify Canvas and the payment providers, with what each does. */
export function IntegrationsScreen({ title, description }: ScreenText) {
  return (
    <Container size="lg" py={{ base: 28, sm: 48 }}>
      <PageHeader title={title} description={description} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {INTEGRATIONS.map((integration) => (
          <Card
            key={integration.id}
            id={integration.id}
            component="section"
            aria-labelledby={`${integration.id}-heading`}
            withBorder
            radius="md"
            padding="xl"
            className={classes.faqItem}
          >
            <Group justify="space-between" align="flex-start" mb="xs">
              <Title order={2} fz="h3" id={`${integration.id}-heading`}>
                {integration.name}
              </Title>
              {(integration.id === 'stripe' || integration.id === 'paddle') && (
                <Badge variant="light" color="gray">
                  Payments
                </Badge>
              )}
            </Group>
            <Text c="dimmed" mb="md">
              {integration.summary}
            </Text>
            <List size="sm" spacing={6} mb="lg" style={{ flexGrow: 1 }}>
              {integration.points.map((point) => (
                <List.Item key={point}>{point}</List.Item>
              ))}
            </List>
            <Anchor component={Link} to={integration.link.path} fw={600}>
              <Group gap={4} component="span">
                {integration.link.label}
                <IconArrowRight size={16} aria-hidden />
              </Group>
            </Anchor>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
