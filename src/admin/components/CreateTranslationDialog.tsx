import { MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { TRANSLATION_TYPES, type TranslationType } from '../../shared/enums';
import type { AppDataProvider } from '../providers/dataProvider';
import type { TranslationChoice } from '../providers/apiExtras';
import { FormDialog } from '../ui/FormDialog';
import { useSaving } from '../ui/useSaving';

const FALLBACK_CODES = ['uz', 'ru', 'en'];

interface Props {
  open: boolean;
  onClose: () => void;
  onCreated: (choice: TranslationChoice) => void;
}

/** A new translation (code, type, one text per language) created without leaving the form that needs it. */
export const CreateTranslationDialog = ({ open, onClose, onCreated }: Props) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data: languages } = useQuery({ queryKey: ['language', 'codes'], queryFn: () => dataProvider.languages() });
  const codes = languages && languages.length > 0 ? languages.map((l) => l.code) : FALLBACK_CODES;
  const [code, setCode] = useState('');
  const [type, setType] = useState<TranslationType>('content');
  const [definition, setDefinition] = useState<Record<string, string>>({});
  const { saving, save } = useSaving();
  const [touched, setTouched] = useState(false);

  const complete = code.trim() !== '' && codes.every((c) => (definition[c] ?? '').trim() !== '');
  const error = (value: string | undefined) => touched && !(value ?? '').trim();

  const submit = async () => {
    setTouched(true);
    if (!complete || saving) return;
    await save(async () => {
      const picked = Object.fromEntries(codes.map((c) => [c, definition[c].trim()]));
      // The generic create: the registry declares `definition`, so it travels with code and type.
      const { data } = await dataProvider.create('translate', { data: { code: code.trim(), type, definition: picked } });
      const created: TranslationChoice = { id: String(data.id), code: String(data.code) };
      notify('app.translation.created', { type: 'success', messageArgs: { code: created.code } });
      setCode('');
      setDefinition({});
      setTouched(false);
      onCreated(created);
    });
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      titleId="create-translation-title"
      title={translate('app.translation.create_title')}
      onSave={() => void submit()}
      saveDisabled={saving}
      maxWidth="sm"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={translate('app.translation.code')}
          name="translation-code"
          value={code}
          required
          error={error(code)}
          onChange={(e) => setCode(e.target.value)}
        />
        <TextField
          select
          label={translate('app.translation.type')}
          value={type}
          onChange={(e) => setType(TRANSLATION_TYPES.find((t) => t === e.target.value) ?? 'content')}
        >
          {TRANSLATION_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {translate(`app.translation.types.${t}`)}
            </MenuItem>
          ))}
        </TextField>
        {codes.map((c) => (
          <TextField
            key={c}
            label={translate('app.translation.definition', { code: c })}
            name={`definition-${c}`}
            value={definition[c] ?? ''}
            required
            multiline
            error={error(definition[c])}
            onChange={(e) => setDefinition((d) => ({ ...d, [c]: e.target.value }))}
          />
        ))}
      </Stack>
    </FormDialog>
  );
};
