import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  List,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconMailForward, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { CODE_MESSAGES, WAIT_AND_RETRY } from '../../../core/account-messages';
import { VERIFICATION_CODE_LENGTH } from '../../../core/account-validation';
import {
  checkAccountDeletionStatus,
  confirmAccountDeletion,
  requestAccountDeletion,
} from '../../api/account';
import { failureOf } from '../../api/api-error';
import type { DeletionStatus } from '../../api/types';
import { PageHeader } from '../../ui/PageHeader';
import { toast } from '../../ui/toast';
import { CodeInput } from '../auth';
import { useSession, useSessionStore } from '../session';

export const ACCOUNT_DELETED = 'Your account and everything in it were deleted.';

/** Said before the code is asked for: what deleting does to a paid plan and linked channels. */
export const SUBSCRIPTION_ENDS =
  'If you pay for a plan, its subscription is cancelled at once: you are not charged again, and the rest of the period you paid for is not refunded. Waveframe’s access to any YouTube channel you linked is withdrawn.';

type StatusLoad = { kind: 'loading' } | { kind: 'loaded'; status: DeletionStatus };

function deletionFailureMessage(error: unknown): string {
  const { status, exc } = failureOf(error);
  if (status === 429) return WAIT_AND_RETRY;
  if (status === 403 && exc === 'CodeInvalid') return CODE_MESSAGES.invalid;
  if (status === 403 && exc === 'CodeExpired') return 'That code has expired. Send a new one.';
  // A payment provider or Google could not be reached: the server says which, and that nothing
  // was deleted.
  if (exc === 'ProviderUnavailable' && error instanceof Error) return error.message;
  return 'Your account could not be deleted just now. Try again in a moment.';
}

function formatExpiry(iso: string | null): string {
  if (!iso) return 'for one hour';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return 'for one hour';
  return `until ${at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
}

/**
 * /account/permanently-delete: a mailed 6-digit code confirms the deletion; then the account,
 * its sessions and files are gone, this browser forgets everything, and the visitor goes home.
 */
export function DeleteAccountScreen({
  title,
  description,
}: {
  title: string;
  description: string;
}) {
  const sessionStore = useSessionStore();
  const { user } = useSession();
  const navigate = useNavigate();
  const [load, setLoad] = useState<StatusLoad>({ kind: 'loading' });
  const [code, setCode] = useState('');
  const [requesting, setRequesting] = useState(false);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    let current = true;
    checkAccountDeletionStatus().then(
      (status) => current && setLoad({ kind: 'loaded', status }),
      () => current && setLoad({ kind: 'loaded', status: { pending: false, expires_at: null } }),
    );
    return () => {
      current = false;
    };
  }, []);

  async function requestCode() {
    setRequesting(true);
    try {
      const status = await requestAccountDeletion();
      setLoad({ kind: 'loaded', status });
      setCode('');
      toast.success(`We emailed a deletion code to ${user?.email ?? 'your address'}.`);
    } catch (error) {
      toast.error(
        failureOf(error).status === 429
          ? WAIT_AND_RETRY
          : 'We could not send the code just now. Try again in a moment.',
      );
    } finally {
      setRequesting(false);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (code.length !== VERIFICATION_CODE_LENGTH || deleting) return;
    setDeleting(true);
    try {
      await confirmAccountDeletion(code);
      await sessionStore.endSession();
      await navigate({ to: '/' });
      toast.success(ACCOUNT_DELETED);
    } catch (error) {
      toast.error(deletionFailureMessage(error));
      setDeleting(false);
    }
  }

  const pending = load.kind === 'loaded' && load.status.pending;

  return (
    <Stack gap={0}>
      <Stack maw={640} mx="auto" px="md" py={48} w="100%">
        <PageHeader title={title} description={description} />
        <Card
          withBorder
          radius="lg"
          padding="lg"
          shadow="xs"
          style={{ borderColor: 'var(--mantine-color-red-outline)' }}
        >
          <Stack gap="lg">
            <Group gap="md" wrap="nowrap" align="flex-start">
              <ThemeIcon size={44} radius="md" color="red" variant="light" aria-hidden>
                <IconAlertTriangle size={24} stroke={1.7} />
              </ThemeIcon>
              <Stack gap={6}>
                <Title order={2} fz="lg">
                  This cannot be undone
                </Title>
                <Text size="sm">Deleting your account removes, for good:</Text>
                <List size="sm" spacing={2}>
                  <List.Item>your profile and sign-in email</List.Item>
                  <List.Item>your uploaded audio and images</List.Item>
                  <List.Item>every video you rendered, and your remaining credits</List.Item>
                </List>
                <Text size="sm" data-testid="deletion-subscription">
                  {SUBSCRIPTION_ENDS}
                </Text>
              </Stack>
            </Group>

            {load.kind === 'loading' && <Skeleton height={90} radius="md" />}

            {load.kind === 'loaded' && !pending && (
              <Stack gap="sm">
                <Text size="sm" c="dimmed">
                  To confirm, we email a 6-digit code to{' '}
                  <Text span fw={600} inherit style={{ overflowWrap: 'anywhere' }}>
                    {user?.email}
                  </Text>
                  .
                </Text>
                <Button
                  color="red"
                  variant="light"
                  onClick={() => void requestCode()}
                  loading={requesting}
                  leftSection={<IconMailForward size={18} aria-hidden />}
                  w="fit-content"
                >
                  Email Me a Deletion Code
                </Button>
              </Stack>
            )}

            {load.kind === 'loaded' && pending && (
              <form
                onSubmit={(event) => void confirm(event)}
                noValidate
                aria-label="Confirm deletion"
              >
                <Stack gap="sm">
                  <Alert color="orange" variant="light" data-testid="deletion-pending">
                    Deletion pending: we emailed a code to {user?.email}. It works{' '}
                    {formatExpiry(load.status.expires_at)}.
                  </Alert>
                  <CodeInput label="Deletion Code" value={code} onChange={setCode} maw={280} />
                  <Group gap="sm" wrap="wrap">
                    <Button
                      type="submit"
                      color="red"
                      disabled={code.length !== VERIFICATION_CODE_LENGTH}
                      loading={deleting}
                      leftSection={<IconTrash size={18} aria-hidden />}
                    >
                      Permanently Delete Account
                    </Button>
                    <Button
                      variant="subtle"
                      color="gray"
                      onClick={() => void requestCode()}
                      loading={requesting}
                    >
                      Send a New Code
                    </Button>
                  </Group>
                </Stack>
              </form>
            )}
          </Stack>
        </Card>
        <Anchor component={Link} to="/account" size="sm" mt="lg">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            Keep my account and go back to My Profile
          </Group>
        </Anchor>
      </Stack>
    </Stack>
  );
}
