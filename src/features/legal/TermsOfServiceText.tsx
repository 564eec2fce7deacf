import { Stack, Text, Title } from '@mantine/core';
import { formatDocumentDate, LAST_UPDATED } from './content/document';
import { TERMS } from './content/terms';
import { Blocks } from './RichText';

/** The Terms of Service as the sign-up form's terms dialog shows them: the text of /terms. */
export function TermsOfServiceText() {
  return (
    <Stack gap="lg" maw={760}>
      <Text c="dimmed" size="sm">
        Last updated {formatDocumentDate(LAST_UPDATED)}
      </Text>
      <Blocks blocks={TERMS.intro} />
      {TERMS.sections.map((section, index) => (
        <Stack key={section.id} gap={6}>
          <Title order={3} fz="md">
            {index + 1}. {section.heading}
          </Title>
          <Blocks blocks={section.blocks} />
        </Stack>
      ))}
    </Stack>
  );
}
