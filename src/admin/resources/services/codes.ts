import { SERVICE_CODES } from '../../../shared/enums';

/** A service code's text key (the same as its chip's, `StatusChip`). */
export const codeLabel = (code: string) => `app.status.${code}`;

export const codeChoices = SERVICE_CODES.map((code) => ({ id: code, name: codeLabel(code) }));
