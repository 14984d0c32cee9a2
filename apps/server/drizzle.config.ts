// drizzle-kit: generates SQL migrations from src/db/schema into src/db/migrations (committed).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
