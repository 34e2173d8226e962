import { describe, expect, it } from 'vitest';
import { emptyProductValues, productFormData } from './product-form-data';

const values = {
  ...emptyProductValues,
  name: 'Kurta',
  category: 'Fashion',
  price: '999',
  tags: 'a, b,',
  colours: 'Red',
};
const file = (name: string) => new File(['x'], name, { type: 'image/png' });
const none = { mainFile: null, extraFiles: [], mainRemoved: false, removedGallery: [] };

describe('productFormData', () => {
  it('sends the create form as the spec has it: repeated list entries, pictures main first', () => {
    const form = productFormData(
      'create',
      values,
      { ...none, mainFile: file('main.png'), extraFiles: [file('b.png')] },
      false,
    );
    expect(form.getAll('tags[]')).toEqual(['a', 'b']);
    expect(form.getAll('colours[]')).toEqual(['Red']);
    expect(form.has('tags')).toBe(false);
    expect(form.get('isFeatured')).toBe('false');
    expect((form.getAll('productImages') as File[]).map((f) => f.name)).toEqual(['main.png', 'b.png']);
    expect(form.has('removedImages')).toBe(false);
  });

  it('sends the edit form with comma lists, the removals, and a new main picture first', () => {
    const form = productFormData(
      'edit',
      values,
      {
        mainFile: file('new-main.png'),
        extraFiles: [file('c.png')],
        mainRemoved: false,
        removedGallery: ['/uploads/products/x.webp'],
      },
      true,
    );
    expect(form.get('tags')).toBe('a,b');
    expect(form.get('removeMainImage')).toBe('true');
    expect(JSON.parse(form.get('removedImages') as string)).toEqual(['/uploads/products/x.webp']);
    expect((form.getAll('productImages') as File[]).map((f) => f.name)).toEqual(['new-main.png', 'c.png']);
    expect(productFormData('edit', values, none, true).has('removeMainImage')).toBe(false);
  });
});
