// The card field of a card form (use-card-form.ts), dressed as the page's other inputs.
import { Alert, Input, Loader, Paper } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CARD_FORM_FAILED } from './stripe-js';
import type { CardForm } from './use-card-form';

export function CardField({
  status,
  fieldError,
  mount,
}: Pick<CardForm, 'status' | 'fieldError' | 'mount'>) {
  if (status === 'failed') {
    return (
      <Alert color="red" icon={<IconAlertTriangle aria-hidden />}>
        {CARD_FORM_FAILED}
      </Alert>
    );
  }
  return (
    <Input.Wrapper label="Card" error={fieldError} id="card-field-label">
      <Paper
        withBorder
        radius="sm"
        px="sm"
        py={10}
        pos="relative"
        aria-labelledby="card-field-label"
        data-testid="card-field"
      >
        {status === 'loading' && <Loader size="xs" pos="absolute" aria-label="Loading card form" />}
        <div ref={mount} style={{ minHeight: 20 }} />
      </Paper>
    </Input.Wrapper>
  );
}
