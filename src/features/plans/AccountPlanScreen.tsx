// /account/plan (signed in): the plan, its credits, when it renews or ends, the card, the
// invoices, and the actions on them: change plan, cancel at the period's end, reactivate before
// it, pay an outstanding invoice (Issue Detected in the top bar links here), update the card.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  useComputedColorScheme,
} from '@mantine/core';
import { IconAlertTriangle, IconCreditCard } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactElement } from 'react';
import { isCurrency } from '../../../core/locale';
import { findPlan, formatPrice } from '../../../core/plans/catalogue';
import {
  cancelPlan,
  payOutstandingInvoice,
  reactivatePlan,
  updatePaymentMethod,
  type CardSummary,
  type InvoiceSummary,
} from '../../api/payments';
import type { PlanResponse } from '../../api/types';
import { OFFLINE_ACTION } from '../../lib/offline-messages';
import { onlineOnlyLink } from '../../lib/online-only-link';
import { OfflineAlert } from '../../ui/OfflineAlert';
import { OfflineCopyNotice, OfflineMarker } from '../../ui/OfflineCopy';
import { PageHeader } from '../../ui/PageHeader';
import { toast } from '../../ui/toast';
import { useSession } from '../session';
import { CardField } from './CardField';
import { creditCount, longDate, PLAN_OFFLINE } from './plan-text';
import { useAccountPlan } from './use-account-plan';
import { HrefButton } from './HrefButton';
import { completePayment, loadStripeJs } from './stripe-js';
import { useCardForm } from './use-card-form';
import { useOverlayCheckout } from './use-overlay-checkout';
import { usePaymentConfig } from './use-pricing-data';

export const PLAN_CANCELLED = 'Your plan will end with the period you paid for.';
export const PLAN_REACTIVATED = 'Your plan renews again.';
export const INVOICE_PAID = 'Invoice paid: your plan is active again.';
export const CARD_UPDATED = 'Card updated.';

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'That did not work. Try again.';

const money = (minor: number, currency: string) =>
  isCurrency(currency) ? formatPrice(minor, currency) : `${(minor / 100).toFixed(2)} ${currency}`;

const cardLine = (card: CardSummary) =>
  `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ending in ${card.last4}, expires ${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;

/** Waits (up to ~10 s) for the provider's webhook to clear the past-due state. */
async function untilPaid(reload: () => Promise<PlanResponse | null>) {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const plan = await reload();
    if (plan && !plan.past_due) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** Around an action on the plan: offline it is disabled and says it needs a connection. */
function NeedsConnection({ online, children }: { online: boolean; children: ReactElement }) {
  return (
    <Tooltip label={OFFLINE_ACTION} disabled={online} multiline w={220}>
      {children}
    </Tooltip>
  );
}

function StatusBadge({ plan }: { plan: PlanResponse }) {
  if (plan.past_due) return <Badge color="red">Past due</Badge>;
  if (plan.cancel_at_period_end) return <Badge color="orange">Ending</Badge>;
  return plan.is_premium ? <Badge color="teal">Active</Badge> : <Badge color="gray">Free</Badge>;
}

function CardDialog({
  opened,
  onClose,
  onDone,
  invoice,
  publishableKey,
}: {
  opened: boolean;
  onClose: () => void;
  onDone: () => Promise<void>;
  /** When set, the new card also pays this invoice. */
  invoice: InvoiceSummary | null;
  publishableKey: string | null;
}) {
  const dark = useComputedColorScheme('light') === 'dark';
  const form = useCardForm(opened ? publishableKey : null, dark);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const stripeToken = await form.createPaymentMethod();
      const answer = await updatePaymentMethod(
        invoice
          ? { stripeToken, invoiceId: invoice.id, resolveOutstanding: true }
          : { stripeToken },
      );
      // The new card's bank may ask the cardholder to confirm paying the invoice (3-D Secure).
      if (answer.client_secret) await form.completePayment(answer.client_secret);
      await onDone();
      onClose();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={invoice ? 'Pay with another card' : 'Update card'}
    >
      <form onSubmit={save}>
        <Stack gap="md">
          <CardField status={form.status} fieldError={form.fieldError} mount={form.mount} />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={busy} disabled={form.status !== 'ready' || !form.complete}>
            {invoice
              ? `Save card and pay ${money(invoice.amount_due, invoice.currency)}`
              : 'Save card'}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

function InvoiceTable({ invoices }: { invoices: InvoiceSummary[] }) {
  if (invoices.length === 0) return <Text c="dimmed">No invoices yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped verticalSpacing="xs" data-testid="invoices">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Invoice</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.map((invoice) => (
            <Table.Tr key={invoice.id}>
              <Table.Td>{longDate(invoice.created)}</Table.Td>
              <Table.Td>
                {invoice.hosted_invoice_url ? (
                  <Anchor href={invoice.hosted_invoice_url} target="_blank" rel="noreferrer">
                    {invoice.number ?? invoice.id}
                  </Anchor>
                ) : (
                  (invoice.number ?? invoice.id)
                )}
              </Table.Td>
              <Table.Td>{money(invoice.amount_due, invoice.currency)}</Table.Td>
              <Table.Td>{invoice.status === 'paid' ? 'Paid' : 'Unpaid'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function AccountPlanScreen({ title, description }: { title: string; description: string }) {
  const account = useAccountPlan();
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [cardDialog, setCardDialog] = useState<'card' | 'invoice' | null>(null);
  const { plan, card, invoices, outstanding, online } = account;
  const session = useSession();
  // A plan paid through the overlay provider pays its outstanding invoice in the overlay.
  const byOverlay = plan?.payment_processor === 'PADDLE';
  const payments = usePaymentConfig();
  const overlay = useOverlayCheckout(byOverlay ? (payments?.overlay ?? null) : null);
  const cardKey = payments?.card?.publishable_key ?? null;

  const act = async (name: string, action: () => Promise<unknown>, done: string) => {
    setBusy(name);
    try {
      await action();
      toast.success(done);
    } catch (failure) {
      toast.error(messageOf(failure));
    } finally {
      setBusy(null);
    }
  };

  const header = (
    <PageHeader
      title={title}
      description={description}
      eyebrow={online ? undefined : <OfflineMarker />}
    />
  );
  if (account.error) {
    return (
      <Container size="md" py={{ base: 28, sm: 48 }}>
        {header}
        <Alert color="red">{account.error}</Alert>
      </Container>
    );
  }
  if (!plan) {
    return (
      <Container size="md" py={{ base: 28, sm: 48 }}>
        {header}
        {account.notSaved ? (
          <OfflineAlert data-testid="plan-not-saved">{PLAN_OFFLINE.notSaved}</OfflineAlert>
        ) : (
          <Skeleton height={220} radius="md" />
        )}
      </Container>
    );
  }

  const definition = findPlan(plan.plan ?? '');
  const billed = plan.payment_processor === 'STRIPE' || plan.payment_processor === 'PADDLE';
  const subscribed = plan.is_premium === true && billed;

  return (
    <Container size="md" py={{ base: 28, sm: 48 }}>
      {header}
      <Stack gap="lg">
        {!online && (
          <OfflineCopyNotice savedAt={account.savedAt}>{PLAN_OFFLINE.notice}</OfflineCopyNotice>
        )}
        {plan.past_due && (
          <Alert
            color="red"
            icon={<IconAlertTriangle aria-hidden />}
            title="Issue Detected"
            data-testid="past-due"
          >
            <Stack gap="sm">
              <Text size="sm">
                The last payment for your plan did not go through (declined, or waiting for you to
                confirm it with your bank).
                {outstanding
                  ? ` Pay the outstanding invoice of ${money(outstanding.amount_due, outstanding.currency)} to keep it.`
                  : ' Update your card to keep it.'}
              </Text>
              <Group gap="xs">
                {outstanding && (
                  <NeedsConnection online={online}>
                    <Button
                      color="red"
                      loading={busy === 'pay'}
                      disabled={!online}
                      onClick={() =>
                        void act(
                          'pay',
                          async () => {
                            const answer = await payOutstandingInvoice(outstanding.id);
                            if (answer.client_secret && cardKey) {
                              // The card's bank asks the cardholder to confirm (3-D Secure).
                              const stripe = await loadStripeJs(cardKey);
                              await completePayment(stripe, answer.client_secret);
                            }
                            if (answer.checkout) {
                              // Paid in the overlay; the toast waits for its confirmation.
                              const paid = new Promise<void>((resolve) =>
                                overlay.open(
                                  answer.checkout!.transaction_id,
                                  session.user?.email ?? null,
                                  resolve,
                                ),
                              );
                              await paid;
                            }
                            await untilPaid(account.reload);
                          },
                          INVOICE_PAID,
                        )
                      }
                    >
                      Pay {money(outstanding.amount_due, outstanding.currency)} now
                    </Button>
                  </NeedsConnection>
                )}
                {!byOverlay && (
                  <NeedsConnection online={online}>
                    <Button
                      variant="default"
                      disabled={!online}
                      onClick={() => setCardDialog('invoice')}
                    >
                      {outstanding ? 'Pay with another card' : 'Update card'}
                    </Button>
                  </NeedsConnection>
                )}
              </Group>
            </Stack>
          </Alert>
        )}

        {plan.invited_plan && !subscribed && (
          <Alert color="teal" title="You are invited" data-testid="invitation">
            <Stack gap="sm">
              <Text size="sm">
                You are invited to the {findPlan(plan.invited_plan)?.title ?? plan.invited_plan}{' '}
                plan. Accept the invitation by paying for it by card.
              </Text>
              <Group>
                <NeedsConnection online={online}>
                  <HrefButton
                    href={`/checkout?plan=${encodeURIComponent(plan.invited_plan)}&invite=1`}
                    disabled={!online}
                  >
                    Accept invitation
                  </HrefButton>
                </NeedsConnection>
              </Group>
            </Stack>
          </Alert>
        )}

        <Card withBorder radius="md" padding="lg" data-testid="plan-card">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={2} size="h3">
                {definition?.title ?? plan.plan}
              </Title>
              <StatusBadge plan={plan} />
            </Group>
            <Text>{creditCount(plan.viz_credits ?? 0, 'visualizer credits')} left</Text>
            <Text>{creditCount(plan.total_canvas_credits ?? 0, 'Canvas credits')} left</Text>
            {plan.period_end && plan.is_premium && (
              <Text c="dimmed" data-testid="period-end">
                {plan.cancel_at_period_end
                  ? `Ends on ${longDate(plan.period_end)}. Your credits stay yours after that.`
                  : `Renews on ${longDate(plan.period_end)}.`}
              </Text>
            )}
            {plan.is_premium && !subscribed && (
              <Text c="dimmed" size="sm">
                This plan was set up for you by the operator of this installation; there is nothing
                to pay.
              </Text>
            )}
            <Group gap="xs" mt="xs">
              {!plan.is_premium && (
                <Button component={Link} to="/pricing">
                  See the plans
                </Button>
              )}
              {subscribed && !plan.cancel_at_period_end && (
                <>
                  <NeedsConnection online={online}>
                    <Button
                      component={Link}
                      to="/account/plan/change"
                      variant="light"
                      {...onlineOnlyLink(online)}
                    >
                      Change plan
                    </Button>
                  </NeedsConnection>
                  <NeedsConnection online={online}>
                    <Button
                      variant="subtle"
                      color="red"
                      disabled={!online}
                      onClick={() => setConfirmCancel(true)}
                    >
                      Cancel plan
                    </Button>
                  </NeedsConnection>
                </>
              )}
              {subscribed && plan.cancel_at_period_end && (
                <NeedsConnection online={online}>
                  <Button
                    loading={busy === 'reactivate'}
                    disabled={!online}
                    onClick={() =>
                      void act(
                        'reactivate',
                        async () => {
                          await reactivatePlan();
                          await account.reload();
                        },
                        PLAN_REACTIVATED,
                      )
                    }
                  >
                    Reactivate plan
                  </Button>
                </NeedsConnection>
              )}
            </Group>
          </Stack>
        </Card>

        {subscribed && (
          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm">
              <Title order={2} size="h4">
                Payment method
              </Title>
              <Group justify="space-between">
                <Group gap="xs">
                  <IconCreditCard aria-hidden />
                  <Text data-testid="payment-method">
                    {card ? cardLine(card) : online ? 'No card on file.' : PLAN_OFFLINE.later}
                  </Text>
                </Group>
                {byOverlay ? (
                  <Text size="sm" c="dimmed">
                    Paddle keeps your card and asks for another in its checkout when a payment
                    fails.
                  </Text>
                ) : (
                  <NeedsConnection online={online}>
                    <Button
                      variant="default"
                      disabled={!online}
                      onClick={() => setCardDialog('card')}
                    >
                      Update card
                    </Button>
                  </NeedsConnection>
                )}
              </Group>
            </Stack>
          </Card>
        )}

        {billed && (
          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm">
              <Title order={2} size="h4">
                Invoices
              </Title>
              {invoices !== null ? (
                <InvoiceTable invoices={invoices} />
              ) : online ? (
                <Skeleton height={80} />
              ) : (
                <Text c="dimmed">{PLAN_OFFLINE.later}</Text>
              )}
            </Stack>
          </Card>
        )}
      </Stack>

      <Modal
        opened={confirmCancel}
        onClose={() => setConfirmCancel(false)}
        title="Cancel your plan?"
      >
        <Stack gap="md">
          <Text>
            {plan.period_end
              ? `Your plan stays active until ${longDate(plan.period_end)} and is not charged again. The credits you have stay yours.`
              : 'Your plan stays active until the end of the period you paid for. The credits you have stay yours.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmCancel(false)}>
              Keep my plan
            </Button>
            <Button
              color="red"
              loading={busy === 'cancel'}
              onClick={() =>
                void act(
                  'cancel',
                  async () => {
                    await cancelPlan();
                    setConfirmCancel(false);
                    await account.reload();
                  },
                  PLAN_CANCELLED,
                )
              }
            >
              Cancel at period end
            </Button>
          </Group>
        </Stack>
      </Modal>
      <CardDialog
        opened={cardDialog !== null}
        onClose={() => setCardDialog(null)}
        invoice={cardDialog === 'invoice' ? outstanding : null}
        publishableKey={cardKey}
        onDone={async () => {
          if (cardDialog === 'invoice' && outstanding) {
            await untilPaid(account.reload);
            toast.success(INVOICE_PAID);
          } else {
            await account.reload();
            toast.success(CARD_UPDATED);
          }
        }}
      />
    </Container>
  );
}
