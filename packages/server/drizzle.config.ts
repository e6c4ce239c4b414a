import { defineConfig } from 'drizzle-kit';

// Generation only: drizzle-kit reads the schema and writes SQL into ./drizzle; the server applies it at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
