import { ColorInput } from '@mantine/core';
import type { ColorField } from '../../../core/render/scene';
import { COLOR_LABELS } from './field-labels';

/**
 * A colour field of the template. The swatches are the user's recently used colours (spec 9),
 * or the template's own colours when there are none yet.
 */
export function ColorFieldPicker({
  field,
  value,
  swatches,
  onChange,
}: {
  field: ColorField;
  value: string;
  swatches: readonly string[];
  onChange: (value: string) => void;
}) {
  return (
    <ColorInput
      label={COLOR_LABELS[field]}
      value={value}
      format="hex"
      swatches={[...swatches]}
      swatchesPerRow={10}
      withEyeDropper={false}
      onChange={(next) => {
        if (/^#[0-9a-f]{6}$/i.test(next)) onChange(next.toLowerCase());
      }}
      data-testid={`color-${field}`}
      popoverProps={{ withinPortal: true }}
    />
  );
}
