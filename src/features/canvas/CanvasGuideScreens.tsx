// /spotify-canvas-videos/how-to-create and /spotify-canvas-videos/faq.
import { Accordion, Button, Container, Group, Stepper, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../ui/PageHeader';
import { FAQ, HOW_TO_STEPS } from './canvas-guide';

type ScreenText = { title: string; description: string };

function StartButtons() {
  return (
    <Group gap="sm" mt="xl">
      <Button
        component={Link}
        to="/spotify-canvas-video-templates"
        rightSection={<IconArrowRight size={18} aria-hidden />}
      >
        Pick a Canvas template
      </Button>
      <Button component={Link} to="/spotify-canvas-creator" variant="default">
        About Canvas
      </Button>
    </Group>
  );
}

export function CanvasHowToScreen({ title, description }: ScreenText) {
  return (
    <Container size="md" py={{ base: 28, sm: 48 }}>
      <PageHeader title={title} description={description} />
      <Stepper active={HOW_TO_STEPS.length} orientation="vertical" allowNextStepsSelect={false}>
        {HOW_TO_STEPS.map((step, i) => (
          <Stepper.Step
            key={step.title}
            label={`${i + 1}. ${step.title}`}
            description={<Text size="sm">{step.text}</Text>}
          />
        ))}
      </Stepper>
      <StartButtons />
    </Container>
  );
}

export function CanvasFaqScreen({ title, description }: ScreenText) {
  return (
    <Container size="md" py={{ base: 28, sm: 48 }}>
      <PageHeader title={title} description={description} />
      <Accordion variant="separated" radius="md" multiple>
        {FAQ.map((item) => (
          <Accordion.Item key={item.question} value={item.question}>
            <Accordion.Control>{item.question}</Accordion.Control>
            <Accordion.Panel>
              <Text size="sm">{item.answer}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <StartButtons />
    </Container>
  );
}
