import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategories } from '../../../test/fixtures/products';
import { createTestApp, type TestApp } from '../../../test/helpers';

describe('GET /api/categories', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers an empty list when there are no categories', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('nests subcategories, options and suboptions in insertion order', async () => {
    await insertCategories(t.db, [
      ['Fashion', 'Men', 'Shirts', 'Casual'],
      ['Fashion', 'Men', 'Shirts', 'Formal'],
      ['Fashion', 'Women'],
      ['Electronics', 'Audio', 'Headphones'],
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.statusCode).toBe(200);
    const tree = res.json();
    expect(tree.map((c: { name: string }) => c.name)).toEqual(['Fashion', 'Electronics']);
    expect(tree[0]._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(tree[0].subcategories).toEqual([
      {
        name: 'Men',
        options: [{ name: 'Shirts', subOptions: [{ name: 'Casual' }, { name: 'Formal' }] }],
      },
      { name: 'Women', options: [] },
    ]);
    expect(tree[1].subcategories).toEqual([
      { name: 'Audio', options: [{ name: 'Headphones', subOptions: [] }] },
    ]);
  });

  it('documents the catalogue routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of ['/api/categories', '/api/products', '/api/products/suggestions', '/api/products/{id}']) {
      expect(paths).toContain(p);
    }
  });
});
