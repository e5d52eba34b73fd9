import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { forwardRef } from 'react';

/** Mantine's PasswordInput, with a toggle whose name does not repeat the field's label. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordInputProps>(
  function PasswordField(props, ref) {
    return (
      <PasswordInput
        ref={ref}
        visibilityToggleButtonProps={{ 'aria-label': 'Show or hide characters' }}
        {...props}
      />
    );
  },
);
