// Enumerations shared by the database checks, the API schemas and the admin's selects.
export const COTTAGE_STATUSES = ['progress', 'confirmed', 'rejected'] as const;
export const ACTIVE_STATUSES = ['active', 'inactive'] as const;
export const ORDER_STATUSES = ['progress', 'success', 'cancelled'] as const;
export const NOTIFICATION_TYPES = ['public', 'personal'] as const;
export const SERVICE_CODES = ['top', 'recommended'] as const;
export const TRANSLATION_TYPES = ['content', 'error'] as const;

export type CottageStatus = (typeof COTTAGE_STATUSES)[number];
export type ActiveStatus = (typeof ACTIVE_STATUSES)[number];
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export type ServiceCode = (typeof SERVICE_CODES)[number];
export type TranslationType = (typeof TRANSLATION_TYPES)[number];

/** The languages every install starts with; the first is the default of requests and of the admin. */
export const DEFAULT_LANGUAGES = [
  { code: 'uz', title: 'Oʻzbekcha' },
  { code: 'ru', title: 'Русский' },
  { code: 'en', title: 'English' },
] as const;
export const DEFAULT_LANGUAGE = 'uz';

export const SUPER_ADMIN_ROLE = 'SUPER-ADMIN';
