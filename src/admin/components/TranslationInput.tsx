import AddIcon from '@mui/icons-material/Add';
import { Box, IconButton, Tooltip } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import {
  AutocompleteInput,
  required,
  useCanAccess,
  useDataProvider,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import type { TranslationChoice } from '../providers/apiExtras';
import { CreateTranslationDialog } from './CreateTranslationDialog';

const UNUSED_TRANSLATIONS_KEY = ['translate', 'unused'];

interface Props {
  /** The form value: the translation id, e.g. `nameTranslateId`. */
  source: string;
  /** The record's current text for that translation, e.g. `name`, shown while editing. */
  textSource?: string;
  isRequired?: boolean;
}

/**
 * Picks the translation a translated field points to: one no record uses yet, or the record's current one, or a new
 * one created on the spot with its text in every language.
 */
export const TranslationInput = ({ source, textSource = 'name', isRequired = true }: Props) => {
  const translate = useTranslate();
  const record = useRecordContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { setValue } = useFormContext();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<TranslationChoice[]>([]);
  // The `+` creates a translation: only for users who may (the server refuses the others anyway).
  const { canAccess: canCreate } = useCanAccess({ resource: 'translate', action: 'create' });
  const { data: unused = [], isPending } = useQuery({
    queryKey: UNUSED_TRANSLATIONS_KEY,
    queryFn: () => dataProvider.unusedTranslations(),
  });

  const choices = useMemo(() => {
    const list = [...created, ...unused];
    const currentId = record?.[source];
    if (currentId && !list.some((c) => c.id === currentId)) {
      list.unshift({ id: String(currentId), code: `${record?.[textSource] ?? currentId} (${translate('app.translation.current')})` });
    }
    return list.filter((c, i) => list.findIndex((o) => o.id === c.id) === i);
  }, [created, unused, record, source, textSource, translate]);

  const onCreated = (choice: TranslationChoice) => {
    setCreated((list) => [choice, ...list]);
    setValue(source, choice.id, { shouldDirty: true, shouldValidate: true });
    void queryClient.invalidateQueries({ queryKey: UNUSED_TRANSLATIONS_KEY });
    setCreating(false);
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, width: '100%', maxWidth: 480 }}>
      <AutocompleteInput
        source={source}
        choices={choices}
        optionText="code"
        isPending={isPending}
        validate={isRequired ? required() : undefined}
        helperText={!isPending && choices.length === 0 ? 'app.translation.none' : false}
        fullWidth
      />
      {canCreate && (
        <>
          <Tooltip title={translate('app.translation.create')}>
            <IconButton
              aria-label={translate('app.translation.create')}
              onClick={() => setCreating(true)}
              sx={{ mt: 1 }}
            >
              <AddIcon />
            </IconButton>
          </Tooltip>
          <CreateTranslationDialog open={creating} onClose={() => setCreating(false)} onCreated={onCreated} />
        </>
      )}
    </Box>
  );
};
