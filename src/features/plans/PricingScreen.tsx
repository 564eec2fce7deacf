// /pricing and /pricing-paddle (signed in, spec 1): the plans of the catalogue in the visitor's currency (spec 9),
// a promo-code field (a running promotion's code shows the price it gives; the server charges
// from the same catalogue), and what choosing a plan leads to on this installation.
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDiscount2, IconInfoCircle } from '@tabler/icons-react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { Currency } from '../../../core/locale';
import { FREE_PLAN, formatPrice, PLANS, type PlanDefinition } from '../../../core/plans/catalogue';
import { startOverlayCheckout, type ActivePromo } from '../../api/payments';
import { useSession } from '../session';
import { usePageTitle } from '../../ui/use-page-title';
import { perInterval } from './plan-text';
import { PlanIncludes } from './PlanIncludes';
import { HrefButton } from './HrefButton';
import { useOverlayCheckout } from './use-overlay-checkout';
import { usePricingData } from './use-pricing-data';

export const PROMO_INVALID = 'This promo code is not valid or has ended.';
export const NO_PAYMENTS =
  'This installation does not take payments yet: its operator can move your account onto a plan.';

const CURRENCY_OPTIONS = [
  { value: 'USD', label: 'US$' },
  { value: 'EUR', label: '€' },
  { value: 'GBP', label: '£' },
];

const endDate = (iso: string) =>
  new Date(Date.parse(iso) - 1).toLocaleDateString('en', { month: 'long', day: 'numeric' });

/** What choosing a paid plan does here: the card checkout page, the overlay, or nothing. */
type Choice =
  | { kind: 'checkout-page' }
  | {
      kind: 'overlay';
      choose: (planId: string, promoKey: string | null) => void;
      busy: string | null;
    }
  | { kind: 'none' };

function PlanCard({
  plan,
  currency,
  promo,
  currentPlan,
  choice,
  preview,
}: {
  plan: PlanDefinition;
  currency: Currency;
  promo: ActivePromo | null;
  currentPlan: string | null;
  choice: Choice;
  /** The overlay provider's own price of the plan (its currency, with tax), when it gave one. */
  preview: string | undefined;
}) {
  const price = plan.prices[currency];
  const promoPrice = promo?.applies_to.includes(plan.id) ? promo.prices[currency] : null;
  const current = currentPlan === plan.id || (promo !== null && currentPlan === promo.plan);
  const free = plan.id === FREE_PLAN;
  let action;
  if (current) {
    action = (
      <Button variant="light" disabled fullWidth>
        Your plan
      </Button>
    );
  } else if (free) {
    action = null;
  } else if (choice.kind === 'none') {
    action = (
      <Button disabled fullWidth aria-label={`Choose ${plan.title}`}>
        Choose
      </Button>
    );
  } else if (choice.kind === 'overlay') {
    const promoKey = promoPrice !== null && promo ? promo.key : null;
    const target = promoKey && promo ? promo.plan : plan.id;
    action = (
      <Button
        fullWidth
        aria-label={`Choose ${plan.title}`}
        loading={choice.busy === target}
        onClick={() => choice.choose(plan.id, promoKey)}
      >
        Choose
      </Button>
    );
  } else {
    const search = new URLSearchParams({ plan: plan.id });
    if (promoPrice !== null && promo) search.set('promo', promo.key);
    const href = `/checkout?${search.toString()}`;
    action = (
      <HrefButton href={href} fullWidth aria-label={`Choose ${plan.title}`}>
        Choose
      </HrefButton>
    );
  }
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`plan-${plan.id}`}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start">
          <Title order={3}>{plan.title}</Title>
          {current && <Badge variant="light">Current</Badge>}
        </Group>
        <Text c="dimmed" size="sm">
          {plan.tagline}
        </Text>
        <Group gap={8} align="baseline" data-testid="plan-price">
          {promoPrice !== null ? (
            <>
              <Text fz={32} fw={700}>
                {formatPrice(promoPrice, currency)}
              </Text>
              <Text td="line-through" c="dimmed">
                {formatPrice(price, currency)}
              </Text>
            </>
          ) : (
            <Text fz={32} fw={700}>
              {formatPrice(price, currency)}
            </Text>
          )}
          {plan.interval && <Text c="dimmed">{perInterval(plan.interval)}</Text>}
        </Group>
        {preview && promoPrice === null && (
          <Text size="sm" c="dimmed" data-testid="plan-checkout-price">
            At checkout: {preview} {perInterval(plan.interval)}, tax included
          </Text>
        )}
        <PlanIncludes plan={plan} />
        <div style={{ marginTop: 'auto' }}>{action}</div>
      </Stack>
    </Card>
  );
}

export function PricingScreen({ title, description }: { title: string; description: string }) {
  usePageTitle(title);
  const { currency: localCurrency, promos, payments, loaded } = usePricingData();
  const session = useSession();
  const [chosenCurrency, setChosenCurrency] = useState<Currency | null>(null);
  const [code, setCode] = useState('');
  const [applied, setApplied] = useState<ActivePromo | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const currency = chosenCurrency ?? localCurrency;
  const canPay = Boolean(payments?.card ?? payments?.overlay);
  const running = promos?.active_promos ?? [];
  // /pricing-paddle pays through the overlay; /pricing through the card form when there is one.
  const overlayPage = useLocation().pathname === '/pricing-paddle';
  const useOverlay = Boolean(payments?.overlay && (overlayPage || !payments.card));
  const overlay = useOverlayCheckout(useOverlay ? (payments?.overlay ?? null) : null);
  const navigate = useNavigate();
  const [busyPlan, setBusyPlan] = useState<string | null>(null);
  const [chooseError, setChooseError] = useState<string | null>(null);

  const chooseInOverlay = async (planId: string, promoKey: string | null) => {
    setBusyPlan(promoKey ? (promos?.active_promos_map[promoKey]?.plan ?? planId) : planId);
    setChooseError(null);
    try {
      const { transaction_id } = await startOverlayCheckout({ plan: planId, promoKey });
      overlay.open(transaction_id, session.user?.email ?? null, () => {
        void navigate({ to: '/plan-activated' });
      });
    } catch (failure) {
      setChooseError(failure instanceof Error ? failure.message : 'The checkout could not open.');
    } finally {
      setBusyPlan(null);
    }
  };
  let choice: Choice = { kind: 'none' };
  if (useOverlay && overlay.ready) {
    choice = {
      kind: 'overlay',
      choose: (planId, promoKey) => void chooseInOverlay(planId, promoKey),
      busy: busyPlan,
    };
  } else if (!useOverlay && payments?.card) {
    choice = { kind: 'checkout-page' };
  }

  const applyCode = (event: FormEvent) => {
    event.preventDefault();
    const key = code.trim().toUpperCase();
    const promo = promos?.active_promos_map[key];
    setApplied(promo ?? null);
    setCodeError(key && !promo ? PROMO_INVALID : null);
  };

  return (
    <Container size="lg" py={{ base: 28, sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed" size="lg">
            {description} Prices include the credits of each billing period; unused credits stay
            yours.
          </Text>
        </Stack>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
          <form onSubmit={applyCode}>
            <Group align="flex-end" gap="xs">
              <TextInput
                label="Promo code"
                placeholder="Enter a code"
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
                error={codeError}
                leftSection={<IconDiscount2 size={16} aria-hidden />}
                w={220}
              />
              <Button type="submit" variant="light">
                Apply
              </Button>
            </Group>
          </form>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="currency-label">
              Currency
            </Text>
            <SegmentedControl
              aria-labelledby="currency-label"
              data={CURRENCY_OPTIONS}
              value={currency ?? 'USD'}
              onChange={(value) => setChosenCurrency(value as Currency)}
            />
          </Stack>
        </Group>
        {applied && (
          <Alert color="teal" icon={<IconDiscount2 aria-hidden />} title={`${applied.key} applied`}>
            {applied.title}, until {endDate(applied.ends_at)}.
          </Alert>
        )}
        {!applied && running.length > 0 && (
          <Alert color="grape" variant="light" icon={<IconDiscount2 aria-hidden />}>
            {running.map((promo) => (
              <Text key={promo.key} size="sm">
                {promo.title}: use the code <strong>{promo.key}</strong> until{' '}
                {endDate(promo.ends_at)}.
              </Text>
            ))}
          </Alert>
        )}
        {chooseError && (
          <Alert color="red" role="alert">
            {chooseError}
          </Alert>
        )}
        {loaded && !canPay && (
          <Alert color="gray" icon={<IconInfoCircle aria-hidden />}>
            {NO_PAYMENTS}
          </Alert>
        )}
        {currency === null ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            {PLANS.filter((plan) => plan.listed).map((plan) => (
              <Skeleton key={plan.id} height={380} radius="md" />
            ))}
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            {PLANS.filter((plan) => plan.listed).map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                currency={currency}
                promo={applied}
                currentPlan={session.plan?.plan ?? null}
                choice={choice}
                preview={overlay.previews[plan.id]}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
