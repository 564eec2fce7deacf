import { Card, Container, SimpleGrid, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../ui/PageHeader';
import classes from './tools.module.css';

export interface ToolCard {
  path: string;
  title: string;
  description: string;
}

/** /tools: every free tool, in the route table's order. */
export function ToolsIndexScreen(props: { title: string; description: string; tools: ToolCard[] }) {
  return (
    <Container size="lg" py={48}>
      <PageHeader title={props.title} description={props.description} />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {props.tools.map((tool) => (
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
            <Text fw={700} mb="xs">
              {tool.title}
            </Text>
            <Text size="sm" c="dimmed">
              {tool.description}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
