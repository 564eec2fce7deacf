// What a page says while the return from Google's consent screen is handled, or when the user
// turned it down there.
import { Alert, Loader } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** The consent's return is being saved: "Connecting your YouTube channel…". */
export function ConsentWorking({ children }: { children: string }) {
  return (
    <Alert variant="light" radius="md" role="status" icon={<Loader size={18} aria-hidden />}>
      {children}
    </Alert>
  );
}

/** The user cancelled on Google's side: nothing changed. */
export function ConsentCancelled({ children }: { children: string }) {
  return (
    <Alert
      variant="light"
      color="gray"
      radius="md"
      icon={<IconInfoCircle size={20} aria-hidden />}
      data-testid="consent-cancelled"
      role="status"
    >
      {children}
    </Alert>
  );
}
