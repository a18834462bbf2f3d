import type { AdminBrand } from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminLogin } from './admin-helpers';
import { createTestContext } from './helpers';

/**
 * Brands and models come from the console, so terminals of a new brand can be imported without a
 * line of SQL; a model terminals still carry cannot be taken away.
 */
const ctx = await createTestContext({ adminTotp: false });
const { app } = ctx;

let ops: string;
let content: string;
beforeAll(async () => {
  [ops, content] = await Promise.all([adminLogin(app, 'operations'), adminLogin(app, 'content')]);
});

const brands = async () => (await adminCall<AdminBrand[]>(app, ops, 'GET', '/brands')).body.data;

describe('brands', () => {
  it('lists the brands with their models and policies; content staff get 403', async () => {
    const list = await brands();
    expect(list.map((b) => b.name)).toEqual(expect.arrayContaining(['联迪', '新大陆']));
    expect(list.find((b) => b.name === '联迪')!.models.length).toBeGreaterThan(0);
    expect(list.find((b) => b.name === '联迪')!.policyCount).toBeGreaterThanOrEqual(1);
    expect((await adminCall(app, content, 'GET', '/brands')).status).toBe(403);
  });

  it('creates a brand whose terminals can then be imported, and refuses a duplicate name', async () => {
    const created = await adminCall<{ id: number }>(app, ops, 'POST', '/brands/create', {
      name: '拉卡拉',
      models: ['L1', 'L2'],
    });
    expect(created.body.code, created.body.msg).toBe(200);
    const dup = await adminCall(app, ops, 'POST', '/brands/create', {
      name: '拉卡拉',
      models: ['X'],
    });
    expect(dup.body).toMatchObject({ code: 409, field: 'name' });

    const preview = await adminCall<{ validRows: number; problems: unknown[] }>(
      app,
      ops,
      'POST',
      '/terminals/import/preview',
      { fileName: 'lkl.csv', csv: 'sn,brand,model\nLKL0000001,拉卡拉,L1\n' },
    );
    expect(preview.body.code, preview.body.msg).toBe(200);
    expect(preview.body.data.validRows).toBe(1);
  });

  it('adds and removes models, but keeps a model that terminals carry', async () => {
    const ld = (await brands()).find((b) => b.name === '联迪')!;
    const inUse = await adminCall(app, ops, 'POST', '/brands/models', {
      id: ld.id,
      models: ['NEW1'],
    });
    expect(inUse.body.code).toBe(400);
    expect(inUse.body.field).toBe('models');
    expect((await brands()).find((b) => b.id === ld.id)!.models).toEqual(ld.models);

    const added = await adminCall(app, ops, 'POST', '/brands/models', {
      id: ld.id,
      models: [...ld.models, 'NEW1'],
    });
    expect(added.body.code, added.body.msg).toBe(200);
    expect((await brands()).find((b) => b.id === ld.id)!.models).toContain('NEW1');
    const removed = await adminCall(app, ops, 'POST', '/brands/models', {
      id: ld.id,
      models: ld.models,
    });
    expect(removed.body.code).toBe(200);
    expect((await brands()).find((b) => b.id === ld.id)!.models).toEqual(ld.models);
  });
});
