import { Button } from '@mui/material';
import { useState } from 'react';

const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

interface Props {
  label: string;
  name: string;
  multiple?: boolean;
  disabled?: boolean;
  onFiles(files: File[]): void;
}

/**
 * A button-styled `<label>` around a hidden, still focusable file input. The input is remounted after each pick, so
 * the same or another file can be chosen again (the original could not after a crop).
 */
export const FilePicker = ({ label, name, multiple, disabled, onFiles }: Props) => {
  const [generation, setGeneration] = useState(0);
  return (
    <Button
      component="label"
      role={undefined}
      tabIndex={-1}
      variant="outlined"
      disabled={disabled}
      sx={{ my: 1, '&:focus-within': { outline: '2px solid', outlineOffset: 2 } }}
    >
      {label}
      <input
        key={generation}
        style={VISUALLY_HIDDEN}
        type="file"
        accept="image/*"
        name={name}
        aria-label={label}
        multiple={multiple}
        disabled={disabled}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          setGeneration((g) => g + 1);
          if (files.length) onFiles(files);
        }}
      />
    </Button>
  );
};
