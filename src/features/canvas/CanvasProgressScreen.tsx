// /canvas-render-progress/{vidId}: a public path (a Canvas link may be shared or opened from the
// mail on another device). Its owner sees the render as it goes and the loop playing once ready;
// anyone signed out is asked to sign in, and a signed-in stranger gets "not found": never another
// user's video.
import { Button, Center, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useSession } from '../session';
import { PageHeader } from '../../ui/PageHeader';
import { LoginDialog } from '../shell';
import { CanvasRenderProgressScreen } from '../renders';

export function CanvasProgressScreen(props: { title: string; description: string }) {
  const session = useSession();
  const [loginOpen, setLoginOpen] = useState(false);
  if (session.status === 'signed-in') return <CanvasRenderProgressScreen {...props} />;
  if (session.status === 'unchecked') {
    return (
      <Center py={96}>
        <Loader aria-label="Checking your sign-in" />
      </Center>
    );
  }
  return (
    <Container size="sm" py={{ base: 28, sm: 64 }}>
      <PageHeader title={props.title} description={props.description} />
      <Paper withBorder radius="lg" p="xl" shadow="xs" data-testid="canvas-sign-in-prompt">
        <Stack align="center" gap="sm" py="md">
          <IconLock size={36} stroke={1.5} aria-hidden />
          <Title order={2} fz="xl" ta="center">
            Sign in to see this Canvas
          </Title>
          <Text c="dimmed" ta="center" maw={420}>
            A Canvas video and its progress are shown only to the account that made it. Sign in to
            follow the render, play the loop and download it.
          </Text>
          <Button mt="xs" onClick={() => setLoginOpen(true)}>
            Sign in
          </Button>
        </Stack>
      </Paper>
      <LoginDialog opened={loginOpen} onClose={() => setLoginOpen(false)} />
    </Container>
  );
}
