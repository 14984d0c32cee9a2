// ARCHITECTURE.md "Who may import whom", checked over the server's real import graph: channels speak
// protocols and never reach the domain, the platform serves every area and knows none, and no module reaches
// back into the composition root. Tests may import anything (they build the app).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
const COMPOSITION = ['app.ts', 'deps.ts', 'database.ts', 'main.ts'];

/** Which top-level areas of src/ a file of each area must not import. */
const FORBIDDEN: Record<string, string[]> = {
  channels: ['modules', ...COMPOSITION],
  platform: ['modules', 'channels', ...COMPOSITION],
  modules: COMPOSITION,
  db: ['modules', 'channels', 'platform', ...COMPOSITION],
};

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** The relative imports of a source file, as paths under src/. */
export function importsOf(file: string, text = readFileSync(file, 'utf8')): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const target = match[1] ?? match[2]!;
    if (target.startsWith('.')) found.push(relative(SRC, resolve(dirname(file), target)));
  }
  return found;
}

const areaOf = (path: string) => path.split('/')[0]!;

export function violations(files: readonly string[], read?: (file: string) => string): string[] {
  const found: string[] = [];
  for (const file of files) {
    const forbidden = FORBIDDEN[areaOf(relative(SRC, file))];
    if (!forbidden) continue;
    for (const target of importsOf(file, read?.(file))) {
      if (forbidden.includes(areaOf(target))) found.push(`${relative(SRC, file)} imports ${target}`);
    }
  }
  return found;
}

describe('import rules of the server', () => {
  it('hold for every source file', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(50);
    expect(violations(files)).toEqual([]);
  });

  it('catch a channel reaching into a module and the platform into the composition root', () => {
    const channel = join(SRC, 'channels/email/send.ts');
    const platform = join(SRC, 'platform/realtime.ts');
    const texts: Record<string, string> = {
      [channel]: "import { ingestInbound } from '../../modules/messages/ingest.ts';",
      [platform]:
        "import type { Deps } from '../deps.ts';\nconst x = await import('../modules/demo/seed.ts');",
    };
    expect(violations([channel, platform], (file) => texts[file]!)).toEqual([
      'channels/email/send.ts imports modules/messages/ingest.ts',
      'platform/realtime.ts imports deps.ts',
      'platform/realtime.ts imports modules/demo/seed.ts',
    ]);
  });
});
