import { describe, expect, it } from 'vitest';
import { resources } from '../../shared/resources';
import { toWriteBody } from './payload';

const file = () => new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' });

describe('toWriteBody', () => {
  it('sends a translated field as the chosen translation id, and nothing undeclared', () => {
    const { body } = toWriteBody(resources.region, { name: 'Toshkent', nameTranslateId: 't1', extra: 'x' }, 'create');
    expect(body).toEqual({ name: 't1' });
  });

  it('sends a comfort create as multipart with the file', () => {
    const image = file();
    const { body } = toWriteBody(resources.comfort, { nameTranslateId: 't1', image: { rawFile: image } }, 'create');
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('name')).toBe('t1');
    expect(form.get('image')).toBeInstanceOf(File);
  });

  it('sends only what changed on update, and a new image to the separate image call', () => {
    const previous = { id: 'c1', name: 'Hovuz', nameTranslateId: 't1', image: 'uploads/images/old.png' };
    const unchanged = toWriteBody(resources.comfort, { ...previous }, 'update', previous);
    expect(unchanged).toEqual({ body: undefined, image: undefined });

    const image = file();
    const changed = toWriteBody(
      resources.comfort,
      { ...previous, nameTranslateId: 't2', image: { rawFile: image } },
      'update',
      previous,
    );
    expect(changed.body).toEqual({ name: 't2' });
    expect(changed.image).toBe(image);
  });

  it('sends a translation\'s definitions as a map by language code, and all of them when one changed', () => {
    const created = toWriteBody(resources.translate, { code: 'c', type: 'content', definition: { uz: 'a', ru: 'b' } }, 'create');
    expect(created.body).toEqual({ code: 'c', type: 'content', definition: { uz: 'a', ru: 'b' } });

    // Records reach the form with `definition` already a map (records.ts), so a prefilled form compares like with like.
    const previous = { id: 't1', code: 'c', type: 'content', status: 'active', definition: { uz: 'a', ru: 'b' } };
    expect(toWriteBody(resources.translate, { ...previous, definition: { uz: 'a', ru: 'b' } }, 'update', previous).body).toBeUndefined();
    const edited = toWriteBody(resources.translate, { ...previous, definition: { uz: 'a', ru: 'B' } }, 'update', previous);
    expect(edited.body).toEqual({ definition: { uz: 'a', ru: 'B' } });
  });

  it('repeats multipart parts for lists', () => {
    const { body } = toWriteBody(resources.cottage, { name: 'Dacha', comforts: ['a', 'b'], price: 10 }, 'create');
    const form = body as FormData;
    expect(form.getAll('comforts')).toEqual(['a', 'b']);
    expect(form.get('price')).toBe('10');
  });
});
