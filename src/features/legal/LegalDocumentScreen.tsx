import { Container, Text, Title } from '@mantine/core';
import { PageHeader } from '../../ui/PageHeader';
import { formatDocumentDate, LAST_UPDATED, type LegalDocument } from './content/document';
import { PRIVACY } from './content/privacy';
import { TERMS } from './content/terms';
import { Blocks } from './RichText';
import { TableOfContents } from './TableOfContents';
import { useScrollToHash } from './use-scroll-to-hash';
import classes from './legal.module.css';

type ScreenText = { title: string; description: string };

function LegalDocumentPage({ title, document }: { title: string; document: LegalDocument }) {
  useScrollToHash();
  return (
    <Container size="lg" py={{ base: 28, sm: 48 }}>
      <PageHeader
        title={title}
        description={
          <>
            Last updated <time dateTime={LAST_UPDATED}>{formatDocumentDate(LAST_UPDATED)}</time>
          </>
        }
      />
      <div className={classes.documentLayout}>
        <TableOfContents entries={document.sections} />
        <article>
          <Blocks blocks={document.intro} />
          {document.sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className={classes.section}
            >
              <Title
                order={2}
                fz="h3"
                id={`${section.id}-heading`}
                className={classes.sectionHeading}
              >
                <Text span inherit c="dimmed" mr={8}>
                  {index + 1}.
                </Text>
                {section.heading}
              </Title>
              <Blocks blocks={section.blocks} />
            </section>
          ))}
        </article>
      </div>
    </Container>
  );
}

/** /terms */
export function TermsScreen({ title }: ScreenText) {
  return <LegalDocumentPage title={title} document={TERMS} />;
}

/** /privacy */
export function PrivacyScreen({ title }: ScreenText) {
  return <LegalDocumentPage title={title} document={PRIVACY} />;
}
