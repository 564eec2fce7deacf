import { Button, Card, Container, List, Stack, Text, Title } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../ui/PageHeader';
import { SUPPORT_TOPICS } from './content/support-topics';
import { InlineText } from './RichText';
import { TableOfContents } from './TableOfContents';
import { useScrollToHash } from './use-scroll-to-hash';
import classes from './legal.module.css';

type ScreenText = { title: string; description: string };

/** /support (and /how-to): step-by-step guides, then the way to write to us. */
export function SupportScreen({ title, description }: ScreenText) {
  useScrollToHash();
  return (
    <Container size="lg" py={{ base: 28, sm: 48 }}>
      <PageHeader title={title} description={description} />
      <div className={classes.documentLayout}>
        <TableOfContents
          entries={[
            ...SUPPORT_TOPICS.map((topic) => ({ id: topic.id, heading: topic.title })),
            { id: 'contact', heading: 'Still stuck?' },
          ]}
        />
        <Stack gap={0}>
          {SUPPORT_TOPICS.map((topic) => (
            <section
              key={topic.id}
              id={topic.id}
              aria-labelledby={`${topic.id}-heading`}
              className={classes.section}
            >
              <Title order={2} fz="h3" id={`${topic.id}-heading`} mb={4}>
                {topic.title}
              </Title>
              <Text c="dimmed" mb="sm">
                {topic.intro}
              </Text>
              <List type="ordered" spacing="xs" className={classes.prose}>
                {topic.steps.map((step) => (
                  <List.Item key={step}>
                    <InlineText text={step} />
                  </List.Item>
                ))}
              </List>
            </section>
          ))}
          <Card
            id="contact"
            component="section"
            aria-labelledby="contact-heading"
            withBorder
            radius="md"
            padding="xl"
            mt="xl"
            className={classes.faqItem}
          >
            <Title order={2} fz="h3" id="contact-heading" mb={4}>
              Still stuck?
            </Title>
            <Text mb="md">
              The <InlineText text="[FAQ](/faq)" /> answers the questions we hear most. For anything
              else, write to us and we answer by e-mail.
            </Text>
            <Button
              component={Link}
              to="/support/contact"
              leftSection={<IconMessage size={18} aria-hidden />}
              style={{ alignSelf: 'flex-start' }}
            >
              Contact support
            </Button>
          </Card>
        </Stack>
      </div>
    </Container>
  );
}
