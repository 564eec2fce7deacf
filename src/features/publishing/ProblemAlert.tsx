import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Something the user asked for did not happen: what (the title) and why, read out at once. */
export function ProblemAlert({ title, children }: { title: string; children: string }) {
  return (
    <Alert
      color="red"
      variant="light"
      radius="md"
      role="alert"
      title={title}
      icon={<IconAlertTriangle size={20} aria-hidden />}
    >
      {children}
    </Alert>
  );
}
