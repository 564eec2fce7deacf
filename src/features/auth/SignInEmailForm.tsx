import { Button, Stack, TextInput } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { emailChangeFailureMessage, emailChangeSentMessage } from '../../../core/account-messages';
import { prepareEmailChange } from '../../../core/account-validation';
import { changeSignInEmail } from '../../api/account';
import { failureOf } from '../../api/api-error';
import { toast } from '../../ui/toast';
import { useSessionStore } from '../session';

/**
 * The verification step's e-mail change, for a mistyped address: the new address gets a new
 * code. The shared check's message shows, but the request is sent anyway (spec 5).
 */
export function SignInEmailForm({ onChanged }: { onChanged: () => void }) {
  const session = useSessionStore();
  const [value, setValue] = useState('');
  const [warning, setWarning] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const { email, warning: problem } = prepareEmailChange(value);
    setWarning(problem);
    setPending(true);
    try {
      const { user } = await changeSignInEmail(email);
      session.updateUser(user);
      toast.success(emailChangeSentMessage(user.email));
      onChanged();
    } catch (failure) {
      toast.error(emailChangeFailureMessage(failureOf(failure)));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Change email">
      <Stack gap="sm">
        <TextInput
          label="Email Address"
          type="email"
          autoComplete="email"
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setWarning(null);
          }}
          error={warning}
          size="md"
          data-autofocus
        />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={pending}
          leftSection={<IconMailForward size={18} aria-hidden />}
        >
          Submit
        </Button>
      </Stack>
    </form>
  );
}
