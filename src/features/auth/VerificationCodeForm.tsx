import { Button, Stack } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { CODE_MESSAGES, codeSubmitFailureMessage } from '../../../core/account-messages';
import { verificationCodeError } from '../../../core/account-validation';
import { verifyEmailCode } from '../../api/account';
import { failureOf } from '../../api/api-error';
import type { User } from '../../api/types';
import { toast } from '../../ui/toast';
import { CodeInput } from './CodeInput';

/** The 6-digit code from the mail and Submit Code. */
export function VerificationCodeForm({
  onVerified,
}: {
  onVerified: (user: User, message: string) => Promise<void>;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const problem = verificationCodeError(code);
    setError(problem);
    if (problem) return;
    setPending(true);
    try {
      const { user } = await verifyEmailCode(code);
      if (user.email_verified) await onVerified(user, CODE_MESSAGES.verified);
      else toast.error(CODE_MESSAGES.other);
    } catch (failure) {
      toast.error(codeSubmitFailureMessage(failureOf(failure)));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Verification code">
      <Stack gap="sm">
        <CodeInput
          label="Verification Code"
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(null);
          }}
          error={error}
          data-autofocus
        />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={pending}
          leftSection={<IconShieldCheck size={18} aria-hidden />}
        >
          Submit Code
        </Button>
      </Stack>
    </form>
  );
}
