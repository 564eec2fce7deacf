import { Container, Skeleton, Stack } from '@mantine/core';
import { PageHeader } from '../../ui/PageHeader';
import { useSession } from '../session';
import { AccountLinksCard } from './AccountLinksCard';
import { AccountSummaryCard } from './AccountSummaryCard';
import { PasswordCard } from './PasswordCard';
import { ProfileLoadFailed } from './ProfileLoadFailed';
import { ProfileNamesCard } from './ProfileNamesCard';
import { SignInEmailCard } from './SignInEmailCard';
import { useProfile } from './use-profile';

/** /account: who you are, how you sign in, and the way to the rest of your account. */
export function ProfileScreen({ title, description }: { title: string; description: string }) {
  const { load, retry, replace } = useProfile();
  const { user } = useSession();

  return (
    <Container size="md" py={48}>
      <PageHeader title={title} description={description} />
      {load.kind === 'loading' && (
        <Stack gap="lg" aria-busy>
          <Skeleton height={110} radius="lg" />
          <Skeleton height={190} radius="lg" />
          <Skeleton height={150} radius="lg" />
        </Stack>
      )}
      {load.kind === 'failed' && <ProfileLoadFailed onRetry={retry} />}
      {load.kind === 'loaded' && (
        <Stack gap="lg">
          <AccountSummaryCard profile={load.profile} />
          <ProfileNamesCard profile={load.profile} onSaved={replace} />
          <SignInEmailCard email={user?.email ?? load.profile.email} />
          <PasswordCard email={load.profile.email} />
          <AccountLinksCard />
        </Stack>
      )}
    </Container>
  );
}
