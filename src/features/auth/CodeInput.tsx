import { TextInput, type TextInputProps } from '@mantine/core';
import { maskVerificationCode, VERIFICATION_CODE_LENGTH } from '../../../core/account-validation';

/** A 6-digit code field: digits only, at most 6, large and spaced for reading from a mail. */
export function CodeInput({
  value,
  onChange,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (code: string) => void;
}) {
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={VERIFICATION_CODE_LENGTH}
      placeholder="000000"
      size="lg"
      value={value}
      onChange={(event) => onChange(maskVerificationCode(event.currentTarget.value))}
      styles={{
        input: {
          textAlign: 'center',
          letterSpacing: '0.45em',
          fontVariantNumeric: 'tabular-nums',
          fontWeight: 700,
        },
      }}
      {...props}
    />
  );
}
