import { Badge, Card, Container, Group, SimpleGrid, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../ui/PageHeader';
import classes from './tools.module.css';

export interface ToolCard {
  path: string;
  title: string;
  description: string;
  ready: boolean;
}

/** /tools: every free tool, the ready ones first. */
export function ToolsIndexScreen(props: { title: string; description: string; tools: ToolCard[] }) {
  const tools = [...props.tools].sort((a, b) => Number(b.ready) - Number(a.ready));
  return (
    <Container size="lg" py={48}>
      <PageHeader title={props.title} description={props.description} />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {tools.map((tool) => (
          <Card
            key={tool.path}
            component={Link}
            to={tool.path}
            withBorder
            radius="lg"
            padding="lg"
            shadow="xs"
            className={classes.toolCard}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
              <Text fw={700}>{tool.title}</Text>
              <Badge
                variant="light"
                color={tool.ready ? 'teal' : 'gray'}
                radius="sm"
                style={{ flexShrink: 0 }}
              >
                {tool.ready ? 'Ready' : 'Soon'}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {tool.description}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
