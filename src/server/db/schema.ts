/**
 * The whole data model, one `pgTable` per entity of the spec's §3. The same schema and migrations run on PGlite and
 * PostgreSQL 15.
 *
 * Referential choices: a record that other records still use is protected (`restrict`) so the API can answer 409
 * instead of cascading silently (regions/places with cottages, translations used by names, tariffs with orders).
 */
export * from './schema-i18n';
export * from './schema-catalogue';
export * from './schema-people';
export * from './schema-cottages';
export * from './schema-sales';
export * from './schema-moderation';
export * from './schema-history';
export * from './schema-system';
export * from './schema-api-keys';
export * from './schema-webhooks';
