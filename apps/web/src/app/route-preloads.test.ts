import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageModulesByRoute } from '../../route-preloads';
import { PAGE_ROUTES } from './page-registry';

// This file's folder's parent: apps/web/src.
const SRC = path.resolve(import.meta.dirname, '..');

describe('the build finds the page of every screen path', () => {
  const found = pageModulesByRoute(SRC);

  it('for every page the app registers, so its files can be preloaded with the path', () => {
    expect(Object.keys(found).sort()).toEqual(Object.keys(PAGE_ROUTES).sort());
  });

  it('and names the module the route really loads', async () => {
    const loaded = await PAGE_ROUTES['/pages/login/index']!.load();
    const login = await import(/* @vite-ignore */ found['/pages/login/index']!);
    expect(login.default).toBe(loaded.default);
    expect(found['/']).toBe(found['/pages/login/index']);
  });
});
