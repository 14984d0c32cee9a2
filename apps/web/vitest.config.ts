// Component tests of the web app (jsdom); run alone or as a project of the root vitest.config.ts.
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
      // Popovers and menus open with animations; on a loaded 2-core machine a test's waits (up to 5 s each,
      // see SLOW in the tests) need room above vitest's default 5 s for the whole test.
      testTimeout: 15_000,
    },
  }),
);
