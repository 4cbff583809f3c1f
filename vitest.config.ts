import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          // Every JSON answer is checked against its declared schema (server/serve.ts).
          env: { API_CHECK_ANSWERS: '1' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two cores: one file at a time keeps PGlite and PostgreSQL from starving each other.
          fileParallelism: false,
        },
      },
    ],
  },
});
