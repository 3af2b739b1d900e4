import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItemButton, ListItemText, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { REASON_LANGUAGES, type ReasonLanguage, type ReasonTemplate } from '../../../providers/reviewApi';
import { Kbd } from './Kbd';

const T = 'resources.cottage.review.reason';
/** Templates beyond the ninth have no digit: they are picked by click. */
const DIGITS = 9;

const languageOf = (locale: string): ReasonLanguage => (REASON_LANGUAGES as readonly string[]).includes(locale) ? (locale as ReasonLanguage) : 'en';

interface Props {
  open: boolean;
  name: string;
  templates: ReasonTemplate[];
  /** Why the templates could not be read, if they could not (the reason can still be written). */
  templatesError?: string;
  sending: boolean;
  /** The reason the dialog opens with (a signal's reason template, picked on the desk). */
  initialText?: string;
  /** Shows "Manage templates" (holders of `cottage.moderate` are the only ones here, but the caller decides). */
  onManage?: () => void;
  onSend(reason: string): void;
  onClose(): void;
}

/**
 * The rejection's reason: templates numbered 1–9 (a digit picks one into the text, which stays editable), in the
 * panel's language or the one switched to; Enter sends (Shift+Enter is a new line), and an empty reason is refused.
 */
export const RejectDialog = ({ open, name, templates, templatesError, sending, initialText, onManage, onSend, onClose }: Props) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [language, setLanguage] = useState<ReasonLanguage>(languageOf(locale));
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<ReasonTemplate | null>(null);
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    if (!open) return;
    setText(initialText ?? '');
    setPicked(null);
    setRefused(false);
    setLanguage(languageOf(locale));
  }, [open, locale, initialText]);

  const pick = (template: ReasonTemplate, lang = language) => {
    setPicked(template);
    setText(template[lang]);
    setRefused(false);
  };
  const switchLanguage = (lang: ReasonLanguage | null) => {
    if (!lang) return;
    setLanguage(lang);
    // The picked template's text follows the language while the moderator has not edited it.
    if (picked && text === picked[language]) setText(picked[lang]);
  };
  const send = () => {
    const reason = text.trim();
    if (!reason) return setRefused(true);
    onSend(reason);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    const typing = target.tagName === 'TEXTAREA' || target.tagName === 'INPUT';
    if (!typing && /^[1-9]$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const template = templates[Number(event.key) - 1];
      if (template) {
        event.preventDefault();
        pick(template);
      }
      return;
    }
    // Enter sends from the text and from the dialog itself; on a button, Enter presses that button.
    if (event.key === 'Enter' && !event.shiftKey && !target.closest('button, a, [role="button"]')) {
      event.preventDefault();
      send();
    }
  };
  return (
    <Dialog open={open} onClose={sending ? undefined : onClose} onKeyDown={onKeyDown} fullWidth maxWidth="sm" aria-labelledby="reject-title">
      <DialogTitle id="reject-title">{translate(`${T}.title`, { name })}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {translate(`${T}.templates`)}
          </Typography>
          <ToggleButtonGroup size="small" exclusive value={language} onChange={(_, v: ReasonLanguage | null) => switchLanguage(v)} aria-label={translate(`${T}.language`)}>
            {REASON_LANGUAGES.map((l) => (
              <ToggleButton key={l} value={l} sx={{ textTransform: 'none', px: 1.5 }}>
                {l}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        {templatesError && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {translate(templatesError, { _: templatesError })}
          </Alert>
        )}
        {templates.length ? (
          <List dense sx={{ maxHeight: 260, overflowY: 'auto', mb: 1 }} data-testid="reason-templates">
            {templates.map((template, i) => (
              <ListItemButton key={template.id} selected={picked?.id === template.id} onClick={() => pick(template)}>
                {i < DIGITS && <Kbd>{i + 1}</Kbd>}
                <ListItemText primary={template[language]} sx={{ ml: 1 }} />
              </ListItemButton>
            ))}
          </List>
        ) : (
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate(`${T}.none`)}
          </Typography>
        )}
        <TextField
          label={translate(`${T}.label`)}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value.trim()) setRefused(false);
          }}
          multiline
          minRows={3}
          fullWidth
          error={refused}
          helperText={refused ? translate(`${T}.empty`) : undefined}
          slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'reject-reason' } }}
        />
        {refused && (
          <Alert severity="error" sx={{ mt: 1 }} role="alert">
            {translate(`${T}.empty`)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        {onManage && (
          <Button onClick={onManage} sx={{ mr: 'auto' }}>
            {translate(`${T}.manage`)}
          </Button>
        )}
        <Button onClick={onClose} disabled={sending}>
          {translate(`${T}.cancel`)}
        </Button>
        <Button variant="contained" color="error" onClick={send} disabled={sending}>
          {translate(`${T}.send`)}
          <Kbd>↵</Kbd>
        </Button>
      </DialogActions>
    </Dialog>
  );
};
