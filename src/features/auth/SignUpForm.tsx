import { Alert, Anchor, Button, Checkbox, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertCircle, IconUserPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { signUpFailureMessage } from '../../../core/account-messages';
import {
  canSubmitSignUp,
  newPasswordError,
  passwordConfirmError,
  signUpEmailBlurError,
  signUpSubmitErrors,
  type SignUpErrors,
  type SignUpValues,
} from '../../../core/account-validation';
import type { IngressAttribution } from '../../../core/attribution';
import { failureOf } from '../../api/api-error';
import { signUp } from '../../api/auth';
import { loadAttribution } from '../../db/attribution-store';
import { getDatabase } from '../../db/database';
import { useSessionStore } from '../session';
import { NO_CONNECTION } from './connection-messages';
import { TermsDialog } from './TermsDialog';
import { useCurrentLocation } from './use-current-location';

const EMPTY: SignUpValues = { email: '', password: '', confirmation: '', termsAccepted: false };

type Field = keyof SignUpValues;

/** The attribution this device recorded on its first visit; none when storage is unavailable. */
async function storedAttribution(): Promise<IngressAttribution | null> {
  try {
    return await loadAttribution(getDatabase());
  } catch {
    return null;
  }
}

/**
 * The Sign Up tab: e-mail, password, re-type, the terms and Create Account. On success the
 * session holds the new (unverified) user, and the panel shows the verification step.
 */
export function SignUpForm() {
  const session = useSessionStore();
  const location = useCurrentLocation();
  const [values, setValues] = useState<SignUpValues>(EMPTY);
  const [blurred, setBlurred] = useState<Partial<Record<Field, boolean>>>({});
  const [submitErrors, setSubmitErrors] = useState<SignUpErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [termsOpened, terms] = useDisclosure(false);

  const change = <K extends Field>(field: K, value: SignUpValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setSubmitErrors(({ [field === 'termsAccepted' ? 'terms' : field]: _gone, ...rest }) => rest);
  };
  const blur = (field: Field) => setBlurred((current) => ({ ...current, [field]: true }));

  // A field shows its submit message, else its own rule once the visitor has left it.
  const errors: SignUpErrors = {
    email: submitErrors.email ?? (blurred.email ? signUpEmailBlurError(values.email) : null),
    password:
      submitErrors.password ?? (blurred.password ? newPasswordError(values.password) : null),
    confirmation:
      submitErrors.confirmation ??
      (blurred.confirmation ? passwordConfirmError(values.password, values.confirmation) : null),
    terms: submitErrors.terms,
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const problems = signUpSubmitErrors(values);
    setSubmitErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setPending(true);
    setFailure(null);
    try {
      const { user } = await signUp({
        email: values.email.trim(),
        password1: values.password,
        password2: values.confirmation,
        ingressAttribution: await storedAttribution(),
        currPath: location.href,
      });
      session.signIn(user);
    } catch (error) {
      setFailure(signUpFailureMessage(failureOf(error)) ?? NO_CONNECTION);
      setPending(false);
    }
  }

  return (
    <>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Sign up">
        <Stack gap="md">
          {failure && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={20} aria-hidden />}
              withCloseButton
              closeButtonLabel="Dismiss"
              onClose={() => setFailure(null)}
              role="alert"
            >
              {failure}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(event) => change('email', event.currentTarget.value)}
            onBlur={() => blur('email')}
            error={errors.email}
            size="md"
          />
          <TextInput
            label="Password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={(event) => change('password', event.currentTarget.value)}
            onBlur={() => blur('password')}
            error={errors.password}
            size="md"
          />
          <TextInput
            label="Re-type Password"
            type="password"
            autoComplete="new-password"
            value={values.confirmation}
            onChange={(event) => change('confirmation', event.currentTarget.value)}
            onBlur={() => blur('confirmation')}
            error={errors.confirmation}
            size="md"
          />
          <Checkbox
            checked={values.termsAccepted}
            onChange={(event) => change('termsAccepted', event.currentTarget.checked)}
            error={errors.terms}
            label={
              <>
                I agree to the{' '}
                <Anchor
                  href="/terms"
                  inherit
                  fw={600}
                  onClick={(event) => {
                    // The terms open in a dialog over the form, which keeps what was typed.
                    event.preventDefault();
                    event.stopPropagation();
                    terms.open();
                  }}
                >
                  Terms of Service
                </Anchor>
              </>
            }
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            disabled={!canSubmitSignUp(values)}
            loading={pending}
            leftSection={<IconUserPlus size={18} aria-hidden />}
          >
            Create Account
          </Button>
        </Stack>
      </form>
      <TermsDialog opened={termsOpened} onClose={terms.close} />
    </>
  );
}
