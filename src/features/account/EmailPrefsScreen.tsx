import { Button, Group, Loader, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { updateEmailPrefs } from '../../api/account';
import type { EmailPrefs, Profile } from '../../api/types';
import { toast } from '../../ui/toast';
import { AuthPageLayout, AuthPanel } from '../auth';
import { useSession } from '../session';
import { ProfileLoadFailed } from './ProfileLoadFailed';
import { useProfile } from './use-profile';

export const EMAIL_PREFS_SAVED_PATH = '/account/modify-email-prefs-success';

function PrefsForm({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  const [prefs, setPrefs] = useState<EmailPrefs>(profile.email_prefs);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    try {
      await updateEmailPrefs(prefs);
      await navigate({ to: EMAIL_PREFS_SAVED_PATH });
    } catch {
      toast.error('Your preferences could not be saved. Try again.');
      setPending(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Email preferences">
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          Emails for{' '}
          <Text span fw={600} inherit style={{ overflowWrap: 'anywhere' }}>
            {profile.email}
          </Text>
          . Account emails, such as verification codes and password links, always arrive.
        </Text>
        <Switch
          size="md"
          label="Product news"
          description="New templates, features and offers, a few times a year"
          checked={prefs.productNews}
          onChange={(event) => setPrefs({ ...prefs, productNews: event.currentTarget.checked })}
        />
        <Switch
          size="md"
          label="Render finished"
          description="An email when a video you started has finished rendering"
          checked={prefs.renderFinished}
          onChange={(event) => setPrefs({ ...prefs, renderFinished: event.currentTarget.checked })}
        />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={pending}
          leftSection={<IconDeviceFloppy size={18} aria-hidden />}
        >
          Save Preferences
        </Button>
      </Stack>
    </form>
  );
}

function SignedInPrefs() {
  const { load, retry } = useProfile();
  if (load.kind === 'loading') {
    return (
      <Stack gap="md" aria-busy>
        <Skeleton height={18} />
        <Skeleton height={44} />
        <Skeleton height={44} />
      </Stack>
    );
  }
  if (load.kind === 'failed') return <ProfileLoadFailed onRetry={retry} />;
  return <PrefsForm profile={load.profile} />;
}

/** /account/modify-email-prefs: which e-mails a signed-in user receives; others log in first. */
export function EmailPrefsScreen({ title, description }: { title: string; description: string }) {
  const session = useSession();
  let content;
  if (session.status === 'unchecked') {
    content = (
      <Group justify="center" py="lg">
        <Loader size="sm" aria-label="Loading" />
      </Group>
    );
  } else if (session.status === 'signed-in') {
    content = <SignedInPrefs />;
  } else {
    content = (
      <Stack gap="lg">
        <Text c="dimmed" size="sm" ta="center">
          Log in to choose which emails you receive.
        </Text>
        <AuthPanel />
      </Stack>
    );
  }
  return (
    <AuthPageLayout title={title} description={description}>
      {content}
    </AuthPageLayout>
  );
}
