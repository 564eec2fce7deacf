// The kit's price before it starts: the credits it takes, each part's share, and the balance.
import { Group, Loader, Stack, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { balanceText, creditsText, OUTPUT_TEXT } from './kit-words';
import type { KitPriceState } from './use-kit-price';

export function KitPriceSummary({ state }: { state: KitPriceState }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Group gap={8} wrap="nowrap">
          <IconSparkles size={18} aria-hidden />
          <Text fw={600}>Price of the kit</Text>
        </Group>
        {state.status === 'loading' && <Loader size="xs" aria-label="Working out the price" />}
      </Group>
      {state.status === 'ready' && (
        <>
          <Text fw={700} fz="lg" data-testid="kit-price" aria-live="polite">
            {creditsText(state.price.total)}
          </Text>
          <Text size="xs" c="dimmed" data-testid="kit-price-parts">
            {state.price.parts
              .map(
                (part) =>
                  `${OUTPUT_TEXT[part.output].label}: ${
                    part.credits === 0
                      ? 'free'
                      : `${part.credits} ${part.credit_type === 'canvas' ? 'Canvas' : 'visualizer'}`
                  }`,
              )
              .join(' · ')}
          </Text>
          {state.price.discount_viz > 0 && (
            <Text size="sm" c="teal">
              Kit discount: {state.price.discount_viz} visualizer{' '}
              {state.price.discount_viz === 1 ? 'credit' : 'credits'} off.
            </Text>
          )}
          <Text size="sm" c="dimmed" data-testid="kit-balance">
            You have {balanceText(state.price)}.
          </Text>
        </>
      )}
      {state.status === 'none' && (
        <Text size="sm" c="dimmed" data-testid="kit-price">
          Choose the files to see the price.
        </Text>
      )}
      {state.status === 'failed' && (
        <Text size="sm" c="dimmed" data-testid="kit-price">
          The price could not be fetched; it is checked again when the kit starts.
        </Text>
      )}
    </Stack>
  );
}
