import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The nearest folder, from this file's own upwards, that holds `marker`. The server runs from
 * its TypeScript sources (tsx) or from the compiled bundle (dist/main.js), at different depths,
 * so fixed relative paths would break in one of them.
 */
export function findUp(marker: string, from: string = fileURLToPath(import.meta.url)): string {
  let dir = path.dirname(from);
  for (;;) {
    if (existsSync(path.join(dir, marker))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`${marker} not found above ${from}`);
    dir = parent;
  }
}
