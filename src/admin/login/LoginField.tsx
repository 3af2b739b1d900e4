import { FilledInput, FormControl, InputLabel, type FilledInputProps } from '@mui/material';
import { useId } from 'react';

export type LoginFieldProps = Pick<
  FilledInputProps,
  'name' | 'autoComplete' | 'autoFocus' | 'placeholder' | 'value' | 'onChange' | 'disabled' | 'type' | 'endAdornment'
> & { label: string };

/**
 * A login page text box: what MUI's `TextField` renders with react-admin's theme (filled, dense, small, full width;
 * the label tied to the input), built from its parts. `TextField` also carries its `select` mode — Select, Menu,
 * Popover, Modal, the focus trap, the other two input variants — which the login page never uses and which would
 * otherwise be about 10 kB gzip of its JavaScript (`bench/bundle-size.ts`).
 */
export const LoginField = ({ label, disabled, ...input }: LoginFieldProps) => {
  const id = useId();
  return (
    <FormControl className="MuiTextField-root" variant="filled" margin="dense" size="small" fullWidth disabled={disabled}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <FilledInput id={id} fullWidth {...input} />
    </FormControl>
  );
};
