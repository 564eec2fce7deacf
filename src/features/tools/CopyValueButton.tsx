import { Tooltip, UnstyledButton } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { toast } from '../../ui/toast';
import classes from './tools.module.css';

/** A result value; clicking it copies the number to the clipboard. */
export function CopyValueButton({
  value,
  unit,
  showUnit = false,
}: {
  value: string;
  unit: string;
  /** Shows the unit after the value, for results without a column header that names it. */
  showUnit?: boolean;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(`Copied ${value} ${unit}`);
    } catch {
      toast.error('Unable to copy to the clipboard');
    }
  };
  return (
    <Tooltip label="Copy" openDelay={500}>
      <UnstyledButton
        className={classes.value}
        onClick={() => void copy()}
        aria-label={`Copy ${value} ${unit}`}
      >
        <span>
          {value}
          {showUnit && <span className={classes.unit}> {unit}</span>}
        </span>
        <IconCopy size={14} className={classes.copyIcon} aria-hidden />
      </UnstyledButton>
    </Tooltip>
  );
}
