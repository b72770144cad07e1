import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      root: import.meta.dirname,
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      css: false,
      // A form test types into Mantine inputs in jsdom: ~1-2 s alone, ten times that while the
      // machine is busy (CI shares 2 cores with the server suite on PostgreSQL; the longest flows
      // took 20-22 s there). The limit is for a hung test, not a measure of speed.
      testTimeout: 60_000,
    },
  }),
);
