import { Button, Group, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { TermsOfServiceText } from '../legal';

/** Above the login dialog, which may hold the sign-up form that opens this one. */
const TERMS_DIALOG_Z_INDEX = 300;

/** The Terms of Service in a full-width dialog, full screen on phones, with a Close button. */
export function TermsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Waveframe Terms of Service"
      size="100%"
      fullScreen={phone}
      zIndex={TERMS_DIALOG_Z_INDEX}
      radius={phone ? 0 : 'lg'}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <TermsOfServiceText />
      <Group justify="flex-end" mt="xl">
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Modal>
  );
}
