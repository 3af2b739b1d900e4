import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema with `npm run db:generate` and applied by the server at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
