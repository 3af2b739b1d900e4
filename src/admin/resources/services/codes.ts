import { SERVICE_CODES } from '../../../shared/enums';

/** A service code's text key. */
export const codeLabel = (code: string) => `resources.services.codes.${code}`;

export const codeChoices = SERVICE_CODES.map((code) => ({ id: code, name: codeLabel(code) }));
