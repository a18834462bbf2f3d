/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LABELS_EN } from './labels';
import { MESSAGES } from './messages';

const SRC = path.resolve(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('console texts', () => {
  it('has English for every Chinese label a page passes to L()', () => {
    const missing = new Set<string>();
    for (const file of sources(SRC)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bL\(\s*'([^']+)'\s*\)/g)) {
        if (!(m[1]! in LABELS_EN)) missing.add(`${m[1]} (${path.relative(SRC, file)})`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it('has both languages for every message', () => {
    for (const [key, text] of Object.entries(MESSAGES)) {
      expect(text.zh, key).toBeTruthy();
      expect(text.en, key).toBeTruthy();
    }
  });
});
