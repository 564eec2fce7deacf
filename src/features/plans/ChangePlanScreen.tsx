// /account/plan/change (signed in): the other paid plans, each with what changes and when. A
// change starts with the next billing period (its price then, its credits with that period's
// invoice); the current plan and its credits stay until then.
import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { isCurrency, type Currency } from '../../../core/locale';
import {
  findPlan,
  formatPrice,
  PLANS,
  type PlanDefinition,
  type PlanId,
} from '../../../core/plans/catalogue';
import { changePlan, type PlanChangeAnswer } from '../../api/payments';
import { PageHeader } from '../../ui/PageHeader';
import { longDate, perInterval } from './plan-text';
import { useAccountPlan } from './use-account-plan';
import { OFFLINE_ACTION } from '../../lib/offline-messages';
import { OfflineAlert } from '../../ui/OfflineAlert';
import { PlanIncludes } from './PlanIncludes';
import { usePricingData } from './use-pricing-data';

export const NOTHING_TO_CHANGE = 'You have no paid subscription to change.';

function ChoiceCard({
  plan,
  currency,
  periodEnd,
  currentTitle,
  busy,
  onChoose,
}: {
  plan: PlanDefinition;
  currency: Currency;
  periodEnd: string | null;
  currentTitle: string;
  busy: boolean;
  onChoose: () => void;
}) {
  const from = periodEnd ? `From ${longDate(periodEnd)}` : 'From your next billing date';
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`change-${plan.id}`}>
      <Stack gap="sm" h="100%">
        <Title order={2} size="h3">
          {plan.title}
        </Title>
        <Group gap={8} align="baseline">
          <Text fz={28} fw={700}>
            {formatPrice(plan.prices[currency], currency)}
          </Text>
          <Text c="dimmed">{perInterval(plan.interval)}</Text>
        </Group>
        <PlanIncludes plan={plan} creditsOnly />
        <Text size="sm" c="dimmed">
          {from} you pay {formatPrice(plan.prices[currency], currency)} {perInterval(plan.interval)}{' '}
          and get these credits with each payment. Until then you keep {currentTitle} and its
          credits.
        </Text>
        <Button mt="auto" loading={busy} onClick={onChoose} aria-label={`Switch to ${plan.title}`}>
          Switch
        </Button>
      </Stack>
    </Card>
  );
}

export function ChangePlanScreen({ title, description }: { title: string; description: string }) {
  const account = useAccountPlan();
  const { currency: localCurrency } = usePricingData();
  const [busy, setBusy] = useState<PlanId | null>(null);
  const [done, setDone] = useState<PlanChangeAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { plan, invoices } = account;

  const paidIn = invoices?.[0]?.currency;
  const currency: Currency | null = isCurrency(paidIn) ? paidIn : localCurrency;

  const choose = async (id: PlanId) => {
    setBusy(id);
    setError(null);
    try {
      setDone(await changePlan(id));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The plan could not be changed.');
    } finally {
      setBusy(null);
    }
  };

  let body;
  if (!account.online) {
    body = <OfflineAlert>{OFFLINE_ACTION}</OfflineAlert>;
  } else if (!plan || currency === null || invoices === null) {
    body = <Skeleton height={300} radius="md" />;
  } else if (
    !plan.is_premium ||
    (plan.payment_processor !== 'STRIPE' && plan.payment_processor !== 'PADDLE')
  ) {
    body = (
      <Alert color="gray" title={NOTHING_TO_CHANGE}>
        <Anchor component={Link} to="/pricing">
          See the plans
        </Anchor>
      </Alert>
    );
  } else if (plan.cancel_at_period_end) {
    body = (
      <Alert color="orange" title="Your plan is set to end">
        Reactivate it on{' '}
        <Anchor component={Link} to="/account/plan">
          My Plan
        </Anchor>{' '}
        first, then choose another plan here.
      </Alert>
    );
  } else if (done) {
    const next = findPlan(done.plan);
    body = (
      <Alert color="teal" icon={<IconCircleCheck aria-hidden />} title="Plan changed" role="status">
        You move to {next?.title ?? done.plan}
        {done.takes_effect ? ` on ${longDate(done.takes_effect)}` : ' with your next payment'}.{' '}
        <Anchor component={Link} to="/account/plan">
          Back to My Plan
        </Anchor>
      </Alert>
    );
  } else {
    const current = findPlan(plan.plan ?? '');
    const choices = PLANS.filter(
      (candidate) => candidate.listed && candidate.interval !== null && candidate.id !== plan.plan,
    );
    body = (
      <Stack gap="md">
        <Text>
          You are on <strong>{current?.title ?? plan.plan}</strong>. To stop paying altogether,
          cancel the plan on{' '}
          <Anchor component={Link} to="/account/plan">
            My Plan
          </Anchor>
          .
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: Math.min(choices.length, 3) }}>
          {choices.map((choice) => (
            <ChoiceCard
              key={choice.id}
              plan={choice}
              currency={currency}
              periodEnd={plan.period_end ?? null}
              currentTitle={current?.title ?? plan.plan ?? 'your plan'}
              busy={busy === choice.id}
              onChoose={() => void choose(choice.id)}
            />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <Container size="lg" py={{ base: 28, sm: 48 }}>
      <PageHeader title={title} description={description} />
      {body}
    </Container>
  );
}
