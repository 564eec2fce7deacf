// /plan-activated (signed in): after checkout. The payment provider confirms a payment by
// webhook a moment after it was taken, so this screen refreshes the plan every 2 s until it is
// a paid one, then says what the user can do now. The shell's credits and Upgrade link follow
// the same refresh.
import { Alert, Button, Card, Container, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { findPlan } from '../../../core/plans/catalogue';
import { PageHeader } from '../../ui/PageHeader';
import { useSession, useSessionStore } from '../session';
import { creditCount } from './plan-text';

const POLL_MS = 2_000;
/** After this long without a confirmation the screen says so (and keeps checking). */
const PATIENCE_MS = 60_000;

export const PAYMENT_PENDING = 'Confirming your payment…';
export const PAYMENT_SLOW =
  'Your payment has not been confirmed yet. It can take a minute: this page updates by itself, and My Plan shows your plan once it is.';

export function PlanActivatedScreen({
  title,
  description,
}: {
  title: string;
  description: string;
}) {
  const session = useSession();
  const store = useSessionStore();
  const premium = session.plan?.premium === true;
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    if (premium) return;
    void store.refreshPlan();
    const poll = setInterval(() => void store.refreshPlan(), POLL_MS);
    const patience = setTimeout(() => setSlow(true), PATIENCE_MS);
    return () => {
      clearInterval(poll);
      clearTimeout(patience);
    };
  }, [premium, store]);

  const plan = session.plan;
  const definition = plan ? findPlan(plan.plan) : undefined;

  return (
    <Container size="sm" py={{ base: 28, sm: 48 }}>
      <PageHeader title={title} description={description} />
      {!premium || !plan ? (
        <Card withBorder radius="md" padding="lg">
          <Group gap="md" wrap="nowrap">
            {slow ? <IconClockHour4 aria-hidden /> : <Loader size="sm" />}
            <Text role="status">{slow ? PAYMENT_SLOW : PAYMENT_PENDING}</Text>
          </Group>
        </Card>
      ) : (
        <Stack gap="lg">
          <Alert
            color="teal"
            icon={<IconCircleCheck aria-hidden />}
            title={`${definition?.title ?? plan.plan} is active`}
          >
            Thank you! Your payment went through and your credits are ready.
          </Alert>
          <Card withBorder radius="md" padding="lg" data-testid="activated-credits">
            <Stack gap={4}>
              <Text fw={500}>{creditCount(plan.viz_credits, 'visualizer credits')}</Text>
              <Text fw={500}>{creditCount(plan.canvasQuota, 'Canvas credits')}</Text>
            </Stack>
          </Card>
          <Group>
            <Button component={Link} to="/audio-reactive-music-visualizers">
              Make a visualizer
            </Button>
            <Button component={Link} to="/spotify-canvas-templates" variant="light">
              Make a Spotify Canvas
            </Button>
            <Button component={Link} to="/account/plan" variant="subtle">
              My Plan
            </Button>
          </Group>
        </Stack>
      )}
    </Container>
  );
}
