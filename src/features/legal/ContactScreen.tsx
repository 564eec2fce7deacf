import {
  Alert,
  Anchor,
  Button,
  Container,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconMailCheck, IconSend } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { WAIT_AND_RETRY } from '../../../core/account-messages';
import {
  checkContactForm,
  CONTACT_LIMITS,
  CONTACT_TOPICS,
  type ContactFieldErrors,
  type ContactFields,
} from '../../../core/contact-form';
import { checkEmail, normalizeEmail } from '../../../core/email-check';
import { errorFieldsOf, isApiError } from '../../api/api-error';
import { sendContactMessage } from '../../api/support';
import { PageHeader } from '../../ui/PageHeader';
import classes from './legal.module.css';

type ScreenText = { title: string; description: string };

export const CONTACT_FAILURE = {
  generic: 'We could not send your message just now. Try again in a moment.',
  offline: 'Could not reach Waveframe. Check your connection and try again.',
} as const;

const EMPTY: ContactFields = { name: '', email: '', topic: '', message: '' };

/** A 400 of the server names its field ("email: Invalid Email"): shown under that field. */
function fieldErrorOf(message: string | null): ContactFieldErrors | null {
  const match = /^(name|email|topic|message): (.+)$/.exec(message ?? '');
  return match ? { [match[1] as keyof ContactFields]: match[2] } : null;
}

/** /support/contact: name, e-mail, topic and message to the support address; signed out too. */
export function ContactScreen({ title, description }: ScreenText) {
  const [fields, setFields] = useState<ContactFields>(EMPTY);
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<ContactFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<{ email: string } | null>(null);

  const set = (name: keyof ContactFields) => (value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    // A corrected field loses its message; others keep theirs until the next submit.
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const found = checkContactForm(fields);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      const email = normalizeEmail(fields.email);
      await sendContactMessage({ ...fields, email, website });
      setSent({ email });
      setFields(EMPTY);
      setWebsite('');
    } catch (error) {
      if (!isApiError(error) || !error.hasResponse) setFailure(CONTACT_FAILURE.offline);
      else if (error.status === 429) setFailure(WAIT_AND_RETRY);
      else {
        const fieldError =
          error.status === 400 ? fieldErrorOf(errorFieldsOf(error.body).message) : null;
        if (fieldError) setErrors(fieldError);
        else setFailure(CONTACT_FAILURE.generic);
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <Container size="sm" py={{ base: 28, sm: 48 }}>
      <PageHeader title={title} description={description} />
      {sent ? (
        <Stack gap="md">
          <Alert
            color="teal"
            variant="light"
            icon={<IconMailCheck size={20} aria-hidden />}
            title="Message sent"
            role="status"
          >
            Thank you. Your message is on its way to our support team, and we will answer you at{' '}
            <Text span fw={700} inherit style={{ overflowWrap: 'anywhere' }}>
              {sent.email}
            </Text>
            .
          </Alert>
          <Button variant="light" onClick={() => setSent(null)} style={{ alignSelf: 'flex-start' }}>
            Send another message
          </Button>
        </Stack>
      ) : (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Text size="sm" c="dimmed" mb="lg">
            Many answers are already in the{' '}
            <Anchor component={Link} to="/faq">
              FAQ
            </Anchor>{' '}
            and the{' '}
            <Anchor component={Link} to="/support">
              support guides
            </Anchor>
            . We use your address only to answer you (see the{' '}
            <Anchor component={Link} to="/privacy">
              Privacy Policy
            </Anchor>
            ).
          </Text>
          <form onSubmit={(event) => void submit(event)} noValidate aria-label="Contact support">
            <Stack gap="md">
              <TextInput
                label="Name"
                autoComplete="name"
                required
                maxLength={CONTACT_LIMITS.nameMax}
                value={fields.name}
                onChange={(event) => set('name')(event.currentTarget.value)}
                error={errors.name}
              />
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                required
                value={fields.email}
                onChange={(event) => set('email')(event.currentTarget.value)}
                onBlur={() => {
                  if (fields.email.trim() === '') return;
                  const problem = checkEmail(normalizeEmail(fields.email));
                  if (problem) setErrors((current) => ({ ...current, email: problem }));
                }}
                error={errors.email}
              />
              <NativeSelect
                label="Topic"
                required
                value={fields.topic}
                onChange={(event) => set('topic')(event.currentTarget.value)}
                error={errors.topic}
                data={[
                  { value: '', label: 'Choose a topic', disabled: true },
                  ...CONTACT_TOPICS.map((topic) => ({ value: topic.value, label: topic.label })),
                ]}
              />
              <Textarea
                label="Message"
                required
                rows={8}
                resize="vertical"
                maxLength={CONTACT_LIMITS.messageMax}
                value={fields.message}
                onChange={(event) => set('message')(event.currentTarget.value)}
                error={errors.message}
                description={`${fields.message.length} / ${CONTACT_LIMITS.messageMax} characters`}
              />
              {/* Hidden from people and from assistive technology; bots fill every field. */}
              <div className={classes.honeypot} aria-hidden="true">
                <label htmlFor="contact-website">Leave this field empty</label>
                <input
                  id="contact-website"
                  name="website"
                  type="text"
                  tabIndex={-1}
                  autoComplete="off"
                  value={website}
                  onChange={(event) => setWebsite(event.currentTarget.value)}
                />
              </div>
              {failure && (
                <Alert
                  color="red"
                  variant="light"
                  icon={<IconAlertTriangle size={20} aria-hidden />}
                  role="alert"
                >
                  {failure}
                </Alert>
              )}
              <Button
                type="submit"
                size="md"
                loading={pending}
                leftSection={<IconSend size={18} aria-hidden />}
                style={{ alignSelf: 'flex-start' }}
              >
                Send message
              </Button>
            </Stack>
          </form>
        </Paper>
      )}
    </Container>
  );
}
