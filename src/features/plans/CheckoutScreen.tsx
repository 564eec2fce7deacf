// /checkout and /checkout-pay (signed in): the plan chosen on /pricing (?plan=, ?promo=) with
// what it costs in the visitor's currency, and the card form. Paying sends the card's
// PaymentMethod id to subscribe, then confirms the first payment with Stripe.js (the card's
// 3-D Secure challenge where its bank asks for one); the plan changes when the provider reports
// the payment (its webhook), which /plan-activated waits for.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  useComputedColorScheme,
} from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo, useState, type FormEvent } from 'react';
import type { Currency } from '../../../core/locale';
import { checkoutPlan, findPlan, formatPrice } from '../../../core/plans/catalogue';
import { abandonSubscription, activateInvitePlan, subscribe } from '../../api/payments';
import { PageHeader } from '../../ui/PageHeader';
import { useSession } from '../session';
import { CardField } from './CardField';
import { perInterval } from './plan-text';
import { NO_PAYMENTS } from './PricingScreen';
import { useCardForm } from './use-card-form';
import { PlanIncludes } from './PlanIncludes';
import { usePricingData } from './use-pricing-data';

export const ALREADY_SUBSCRIBED = 'You already have a paid plan: change it on the My Plan page.';

function messageOf(error: unknown): string {
  return error instanceof Error && error.message
    ? error.message
    : 'The payment did not go through. Try again.';
}

const textOf = (value: unknown) => (typeof value === 'string' && value ? value : null);

/**
 * What the user pays for: the plan and promo code chosen on /pricing, or (`invite`) the paid plan
 * the operator invited them to, listed or not, at its catalogue price.
 */
function chosenPlan(
  planId: string | null,
  promoKey: string | null,
  currency: Currency,
  invite: boolean,
): ReturnType<typeof checkoutPlan> {
  if (!invite) return checkoutPlan(planId ?? '', promoKey, currency, new Date());
  const plan = findPlan(planId ?? '');
  if (!plan || plan.interval === null) return { error: 'You have no invitation to this plan.' };
  return { plan, amount: plan.prices[currency], promo: null };
}

function OrderSummary({
  planId,
  promoKey,
  currency,
  invite,
}: {
  planId: string | null;
  promoKey: string | null;
  currency: Currency;
  invite: boolean;
}) {
  const choice = useMemo(
    () => chosenPlan(planId, promoKey, currency, invite),
    [planId, promoKey, currency, invite],
  );
  if ('error' in choice) {
    return (
      <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title="Nothing to pay for">
        {choice.error}{' '}
        <Anchor component={Link} to="/pricing">
          See the plans
        </Anchor>
      </Alert>
    );
  }
  const { plan, amount, promo } = choice;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="order-summary">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={700} size="xl">
            {plan.title}
          </Text>
          {promo && <Badge color="grape">{promo.key}</Badge>}
          {invite && <Badge color="teal">Invitation</Badge>}
        </Group>
        <Group gap={8} align="baseline">
          <Text fz={32} fw={700} data-testid="checkout-amount">
            {formatPrice(amount, currency)}
          </Text>
          <Text c="dimmed">{perInterval(plan.interval)}</Text>
        </Group>
        <PlanIncludes plan={plan} />
        <Text size="sm" c="dimmed">
          Charged today and every {plan.interval} until you cancel. Cancel any time on My Plan: the
          plan runs to the end of the period you paid for and its credits stay yours.
        </Text>
      </Stack>
    </Card>
  );
}

export function CheckoutScreen({ title, description }: { title: string; description: string }) {
  const search: Record<string, unknown> = useSearch({ strict: false });
  const planId = textOf(search.plan);
  const promoKey = textOf(search.promo);
  const invite = search.invite === 1 || search.invite === '1' || search.invite === true;
  const { currency, payments, loaded } = usePricingData();
  const session = useSession();
  const dark = useComputedColorScheme('light') === 'dark';
  const cardKey = payments?.card?.publishable_key ?? null;
  const form = useCardForm(cardKey, dark);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const choiceError =
    currency !== null && 'error' in chosenPlan(planId, promoKey, currency, invite);
  const premium = session.plan?.premium === true;

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!planId) return;
    setBusy(true);
    setError(null);
    try {
      const stripeToken = await form.createPaymentMethod();
      const answer = await (invite
        ? activateInvitePlan({ stripeToken, plan: planId })
        : subscribe({ stripeToken, plan: planId, promoKey }));
      if (answer.client_secret) {
        try {
          // Stripe.js takes the first payment, through the bank's 3-D Secure challenge if asked.
          await form.completePayment(answer.client_secret, stripeToken);
        } catch (refused) {
          // Declined, or the challenge failed or was closed: nothing may be left to bill.
          await abandonSubscription().catch(() => {});
          throw refused;
        }
      }
      await navigate({ to: '/plan-activated' });
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  };

  let payment;
  if (!loaded || currency === null) {
    payment = <Skeleton height={180} radius="md" />;
  } else if (premium) {
    payment = (
      <Alert color="blue" title="You have a paid plan">
        {ALREADY_SUBSCRIBED}{' '}
        <Anchor component={Link} to="/account/plan/change">
          Change plan
        </Anchor>
      </Alert>
    );
  } else if (!cardKey) {
    payment = <Alert color="gray">{NO_PAYMENTS}</Alert>;
  } else if (!choiceError) {
    payment = (
      <Card withBorder radius="md" padding="lg" component="form" onSubmit={pay}>
        <Stack gap="md">
          <CardField status={form.status} fieldError={form.fieldError} mount={form.mount} />
          {error && (
            <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
              {error}
            </Alert>
          )}
          <Button
            type="submit"
            size="md"
            loading={busy}
            disabled={form.status !== 'ready' || !form.complete}
            leftSection={<IconLock size={16} aria-hidden />}
          >
            Pay and start the plan
          </Button>
          <Text size="xs" c="dimmed">
            Payments are processed by Stripe. Your card number goes to Stripe only, never to
            Waveframe&apos;s servers.
          </Text>
        </Stack>
      </Card>
    );
  }

  return (
    <Container size="md" py={{ base: 28, sm: 48 }}>
      <PageHeader title={title} description={description} />
      {currency === null ? (
        <Skeleton height={260} radius="md" />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <OrderSummary planId={planId} promoKey={promoKey} currency={currency} invite={invite} />
          <div>{payment}</div>
        </SimpleGrid>
      )}
    </Container>
  );
}
