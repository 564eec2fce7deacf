import { Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../../ui/PageHeader';

/** The frame of a tool screen: a title, its purpose and the tool itself. */
export function ToolScreenLayout(props: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Container size="md" py={48}>
      <PageHeader title={props.title} description={props.description} />
      {props.children}
    </Container>
  );
}
