import { Accordion, Anchor, Button, Container, Group, Stack, Title } from '@mantine/core';
import { IconLink, IconMessage } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { PageHeader } from '../../ui/PageHeader';
import { FAQ_GROUPS } from './content/faq';
import { Blocks } from './RichText';
import { useScrollToHash } from './use-scroll-to-hash';
import classes from './legal.module.css';

type ScreenText = { title: string; description: string };

const ALL_IDS = new Set(FAQ_GROUPS.flatMap((group) => group.items.map((item) => item.id)));

/** /faq: questions by theme, each an accordion item (keyboard: Tab, Enter, arrows, Home, End) with its own anchor. */
export function FaqScreen({ title, description }: ScreenText) {
  const hash = useScrollToHash();
  const [open, setOpen] = useState<string[]>(() => (ALL_IDS.has(hash) ? [hash] : []));

  // A link to /faq#question opens that question, also from another question's answer
  // (adjusted while rendering, when the anchor changes).
  const [openedFor, setOpenedFor] = useState(hash);
  if (hash !== openedFor) {
    setOpenedFor(hash);
    if (ALL_IDS.has(hash) && !open.includes(hash)) setOpen([...open, hash]);
  }

  return (
    <Container size="md" py={{ base: 28, sm: 48 }}>
      <PageHeader title={title} description={description} />
      <Stack gap="xl">
        {FAQ_GROUPS.map((group) => (
          <section key={group.id} aria-labelledby={`${group.id}-heading`}>
            <Title order={2} fz="h3" id={`${group.id}-heading`} mb="sm">
              {group.heading}
            </Title>
            <Accordion
              variant="separated"
              radius="md"
              multiple
              order={3}
              value={open}
              onChange={setOpen}
            >
              {group.items.map((item) => (
                <Accordion.Item
                  key={item.id}
                  value={item.id}
                  id={item.id}
                  className={classes.faqItem}
                >
                  <Accordion.Control>{item.question}</Accordion.Control>
                  <Accordion.Panel>
                    <Blocks blocks={item.answer} />
                    <Anchor href={`#${item.id}`} size="sm" c="dimmed">
                      <Group gap={4} component="span">
                        <IconLink size={14} aria-hidden />
                        Link to this answer
                      </Group>
                    </Anchor>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </section>
        ))}
      </Stack>
      <Group mt={40} gap="sm">
        <Button component={Link} to="/support" variant="default">
          Support guides
        </Button>
        <Button
          component={Link}
          to="/support/contact"
          leftSection={<IconMessage size={18} aria-hidden />}
        >
          Ask us something else
        </Button>
      </Group>
    </Container>
  );
}
