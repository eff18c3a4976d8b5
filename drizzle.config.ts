/**
 * drizzle-kit: `npm run db:generate` turns server/db/schema into SQL migrations in
 * server/db/migrations, which the server applies at start (server/db/migrate.ts).
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
  strict: true,
  verbose: false,
});
