import { defineConfig } from 'vitest/config';
import SlowFirst from './test/slow-first';

// Unit, component and API tests. The browser specs in e2e/ run through their own runner (npm run test:e2e).
export default defineConfig({
  test: {
    include: ['src/**/*.spec.{ts,tsx}', 'test/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    sequence: { sequencer: SlowFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
