/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TIME_ZONE_LABEL, withZone } from './time-zone';

const SRC = path.resolve(__dirname, '..');
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [p] : [];
  });

describe('the console names its time zone one way', () => {
  it('titles a time the same way in both languages', () => {
    expect(withZone('时间', 'zh')).toBe('时间（北京时间）');
    expect(withZone('Time', 'en')).toBe('Time (Beijing time)');
  });

  it('spells the zone nowhere but in its one place', () => {
    const elsewhere = sources(SRC)
      .filter((f) => !f.endsWith('time-zone.ts'))
      .filter((f) => {
        const text = readFileSync(f, 'utf8');
        return [TIME_ZONE_LABEL.zh, TIME_ZONE_LABEL.en, 'UTC+8'].some((s) => text.includes(s));
      })
      .map((f) => path.relative(SRC, f));
    expect(elsewhere).toEqual([]);
  });
});
