// /premium: what paying gives, plan by plan from the catalogue, and the way to the prices.
import { Button, Container, Group, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCheck, IconMinus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { formatCredits } from '../../../core/credit-display';
import {
  EVERYTHING_IN_FREE,
  FREE_PLAN,
  PLANS,
  type PlanDefinition,
} from '../../../core/plans/catalogue';
import { usePageTitle } from '../../ui/use-page-title';
import { perInterval } from './plan-text';

const shown = PLANS.filter((plan) => plan.listed && plan.interval !== 'year');
const free = PLANS.find((plan) => plan.id === FREE_PLAN)!;
const allFeatures = [...new Set(shown.flatMap((plan) => plan.features))].filter(
  (feature) => feature !== EVERYTHING_IN_FREE,
);
const hasFeature = (plan: PlanDefinition, feature: string) =>
  plan.features.includes(feature) ||
  (plan.features.includes(EVERYTHING_IN_FREE) && free.features.includes(feature));

const credits = (value: number, interval: 'month' | 'year' | null) =>
  value === -1
    ? 'Unlimited'
    : `${formatCredits(value)} ${interval ? perInterval(interval) : 'to start'}`;

export function PremiumScreen({ title, description }: { title: string; description: string }) {
  usePageTitle(title);
  return (
    <Container size="lg" py={{ base: 28, sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed" size="lg" maw={720}>
            {description} The free plan has every template and tool with a few credits to start; a
            paid plan adds credits every month or year, and keeps what you do not use.
          </Text>
        </Stack>
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder verticalSpacing="sm" aria-label="What each plan gives">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">What you get</Table.Th>
                {shown.map((plan) => (
                  <Table.Th key={plan.id} scope="col">
                    {plan.title}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">Visualizer credits</Table.Th>
                {shown.map((plan) => (
                  <Table.Td key={plan.id}>{credits(plan.vizCredits, plan.interval)}</Table.Td>
                ))}
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Canvas credits</Table.Th>
                {shown.map((plan) => (
                  <Table.Td key={plan.id}>{credits(plan.canvasCredits, plan.interval)}</Table.Td>
                ))}
              </Table.Tr>
              {allFeatures.map((feature) => (
                <Table.Tr key={feature}>
                  <Table.Th scope="row" fw={400}>
                    {feature}
                  </Table.Th>
                  {shown.map((plan) => {
                    const has = hasFeature(plan, feature);
                    return (
                      <Table.Td key={plan.id}>
                        <ThemeIcon
                          size={22}
                          radius="xl"
                          variant="light"
                          color={has ? 'teal' : 'gray'}
                          role="img"
                          aria-label={has ? 'Included' : 'Not included'}
                        >
                          {has ? <IconCheck size={14} /> : <IconMinus size={14} />}
                        </ThemeIcon>
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group>
          <Button
            component={Link}
            to="/pricing"
            rightSection={<IconArrowRight size={16} aria-hidden />}
          >
            See the prices
          </Button>
          <Text c="dimmed" size="sm">
            Paying yearly gives{' '}
            {formatCredits(PLANS.find((p) => p.interval === 'year')!.vizCredits)} visualizer credits
            at once, three months free. {free.title} stays free for as long as you like.
          </Text>
        </Group>
      </Stack>
    </Container>
  );
}
