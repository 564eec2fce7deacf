import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { TemplateInfo } from '../../../core/render/template';
import type { PreviewSceneInput } from '../../../workers/preview-api';
import { StageCanvas } from './preview-stage';

/** Backing width of a gallery card's preview: small cards need few pixels. */
export const CARD_BACKING_WIDTH = 560;

/** A template in a gallery: its preview (inside a PreviewStage), title, description, Create. */
export function TemplateCard({
  template,
  input,
  createPath,
}: {
  template: TemplateInfo;
  input: PreviewSceneInput;
  createPath: string;
}) {
  return (
    <Card
      withBorder
      radius="lg"
      padding={0}
      shadow="sm"
      data-testid="template-card"
      data-template={template.name}
    >
      <StageCanvas
        input={input}
        label={`${template.title} preview`}
        maxBacking={CARD_BACKING_WIDTH}
        testId="template-preview"
      />
      <Stack gap={6} p="md" style={{ flex: 1 }}>
        <Title order={2} fz="lg">
          {template.title}
        </Title>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {template.description}
        </Text>
        <Button
          component={Link}
          to={createPath}
          mt="xs"
          rightSection={<IconArrowRight size={16} aria-hidden />}
          aria-label={`Create with ${template.title}`}
        >
          Create
        </Button>
      </Stack>
    </Card>
  );
}
