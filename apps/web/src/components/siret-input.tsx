import { formatSiretInput, SIRET_INPUT_MAX_LENGTH } from '@facturo/shared';
import type { ComponentProps } from 'react';
import { Input } from './ui/input';

type SiretInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'maxLength'> & {
  value: string;
  onValueChange: (formatted: string) => void;
};

/**
 * A SIRET (or SIREN) typed as 3-3-3-5 digit groups (SPEC §5); the shared schemas strip the spaces before
 * anything is sent, so the value may stay formatted in the form.
 */
export function SiretInput({ value, onValueChange, ...props }: SiretInputProps) {
  return (
    <Input
      {...props}
      value={value}
      onChange={(event) => onValueChange(formatSiretInput(event.target.value))}
      inputMode="numeric"
      autoComplete="off"
      maxLength={SIRET_INPUT_MAX_LENGTH}
    />
  );
}
