// drizzle-kit's configuration: `npm run db:generate` writes a SQL migration into drizzle/ from the
// schema (src/db/schema/*.ts); the gateway applies those at boot (src/db/migrate.ts).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './drizzle',
  strict: true,
});
