import { ACTIVE_STATUSES, TRANSLATION_TYPES } from '../../../shared/enums';

export const typeChoices = TRANSLATION_TYPES.map((id) => ({ id, name: `app.translation.types.${id}` }));
/** `status` is computed by the server: `active` while a record uses the translation. */
export const statusChoices = ACTIVE_STATUSES.map((id) => ({ id, name: `resources.translate.statuses.${id}` }));
