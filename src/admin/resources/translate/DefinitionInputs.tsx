import { LinearProgress } from '@mui/material';
import { TextInput, required, useTranslate } from 'react-admin';
import { useLanguageCodes } from '../../providers/useLanguages';

/** One required text per language the server has (`definition.<code>`); waits for the languages instead of crashing. */
export const DefinitionInputs = () => {
  const translate = useTranslate();
  const { codes } = useLanguageCodes();
  if (!codes) return <LinearProgress sx={{ width: 480, maxWidth: '100%', my: 2 }} aria-label={translate('ra.page.loading')} />;
  return (
    <>
      {codes.map((code) => (
        <TextInput
          key={code}
          source={`definition.${code}`}
          label={translate('app.translation.definition', { code })}
          validate={required()}
          multiline
          minRows={2}
          sx={{ width: 480, maxWidth: '100%' }}
        />
      ))}
    </>
  );
};
