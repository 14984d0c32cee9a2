// Vite build of the web app: output in dist/ (served by the server at /), version injected from package.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressDir } from '../../scripts/precompress.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const apiTarget = process.env.ATENDE_API_URL ?? 'http://localhost:3000';

// A build started from inside a test run inherits NODE_ENV=test, which would ship React's development
// build; the served app is always a production build.
if (process.argv.includes('build') && process.env.NODE_ENV !== 'production')
  process.env.NODE_ENV = 'production';

/** The hashed bundles get .br and .gz copies the server sends as they are (index.html stays as it is). */
const precompress = (): Plugin => ({
  name: 'atende:precompress',
  apply: 'build',
  writeBundle: (options) => precompressDir(join(options.dir ?? 'dist', 'assets')),
});

export default defineConfig({
  plugins: [react(), precompress()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets scripts/bundle-size.mjs measure what the login route loads.
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 700,
    // Preload hints for the entry's imports only. Listing every lazy route's dependencies would ship a table
    // of chunk names in the entry the login route loads (≈2 KB gzip, growing with each route); a lazy route's
    // own static imports still load as soon as its chunk is parsed.
    modulePreload: {
      resolveDependencies: (_filename, dependencies, context) =>
        context.hostType === 'html' ? dependencies : [],
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The text input's base (InputBase) is shared by the login form and the lazy date fields
          // (@mantine/dates' TimePicker): left alone it becomes one more chunk of the login route. Kept with
          // TextInput, the other Mantine components of the login page and the small parts they pull in, the
          // login route loads fewer, larger files (each file costs its own compression overhead).
          groups: [
            {
              name: 'TextInput',
              test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](TextInput|InputBase|Button|Loader|Transition|Stack|Center|Paper)[\\/]/,
            },
            // The Mantine parts the console's shell draws (sidebar, menus, modals, the queue): one chunk the panel
            // route loads instead of some thirty small ones, each costing its own compression overhead.
            {
              name: 'MantinePanel',
              // Only the matched components: their shared base (theme, hooks) stays with the login route's chunks.
              includeDependenciesRecursively: false,
              test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Group|Title|ActionIcon|Progress|PasswordInput|Badge|ScrollArea|Tooltip|Popover|Menu|Modal|ModalBase|FocusTrap|Checkbox|Switch|MultiSelect|Combobox|Divider|Alert|Card|Textarea|Table|ThemeIcon|SimpleGrid|SegmentedControl|Kbd|Avatar|Accordion|Indicator|NavLink|Collapse|Radio|Select|Skeleton)[\\/]/,
            },
            // Zustand stays with the session store the login route loads: the lazy softphone's store uses it
            // too, which would otherwise split it into one more file of the login route.
            {
              name: 'session-store',
              test: /node_modules[\\/]zustand[\\/]|src[\\/]lib[\\/]session-store\.ts$/,
            },
            // The small modules the console's first load shares with the lazy softphone (its store, the
            // sidebar's keypad icon, the running clock): one chunk rather than one file each.
            {
              name: 'PanelShared',
              // Not the icon base they draw with: the login route loads that one.
              includeDependenciesRecursively: false,
              test: /src[\\/]features[\\/](softphone[\\/](phone-store|phone-machine|KeypadIcon)|pause[\\/](use-now|pause-clock))\.tsx?$/,
            },
          ],
        },
      },
      treeshake: {
        // The web app imports the contract's constants and types only; its zod schemas (module-level z.*()
        // calls) must not be kept alive just because their module is imported. (zod itself still ships: screens
        // validate forms with the shared schemas, and the console's contact filters use them.)
        moduleSideEffects: [{ test: /packages[\\/]contract[\\/]src/, sideEffects: false }],
        manualPureFunctions: ['z'],
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/socket.io': { target: apiTarget, ws: true } },
  },
});
