import { MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useRefresh, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { session } from '../providers/session';
import { languageCodesQuery } from '../providers/panelQueries';

const FALLBACK = ['uz', 'ru', 'en'];

/** The header's language choice: the codes the server offers; switching re-renders the texts and refetches data. */
export const LanguageSelect = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [locale, setLocale] = useLocaleState();
  const refresh = useRefresh();
  const translate = useTranslate();
  const { data } = useQuery(languageCodesQuery(dataProvider));
  const codes = data && data.length > 0 ? data.map((l) => l.code) : FALLBACK;
  const options = codes.includes(locale) ? codes : [locale, ...codes];

  const choose = (code: string) => {
    session.setLanguage(code);
    setLocale(code);
    refresh();
  };

  return (
    <TextField
      select
      size="small"
      variant="standard"
      value={locale}
      onChange={(e) => choose(e.target.value)}
      data-testid="language-select"
      slotProps={{ htmlInput: { 'aria-label': translate('app.language.label') } }}
      sx={{ mx: 1, minWidth: 56, width: 'auto', flex: '0 0 auto', '& .MuiInputBase-root': { color: 'inherit' } }}
    >
      {options.map((code) => (
        <MenuItem key={code} value={code}>
          {code}
        </MenuItem>
      ))}
    </TextField>
  );
};
