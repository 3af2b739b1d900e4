/** Every response record of the API, as zod schemas (the server's response schemas) and their inferred types. */
export * from './placement';
export * from './language';
export * from './translation';
export * from './named';
export * from './cottage';
export * from './service';
export * from './user';
export * from './role';
export * from './notification';
export * from './order';
export * from './audit';
