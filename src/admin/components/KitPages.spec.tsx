// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResourceContextProvider } from 'react-admin';
import { modules } from '../resources/modules';
import { TestAdmin } from '../test/TestAdmin';
import { KitEdit } from './KitPages';

afterEach(cleanup);

const region = { id: 'r1', name: 'Tashkent', nameTranslateId: 't1' };

// The layout's title slot, where react-admin draws a page's title.
const inside = (view: ReactElement) => (
  <TestAdmin dataProvider={{ getOne: async () => ({ data: region }) as never, getList: async () => ({ data: [], total: 0 }) as never }}>
    <span id="react-admin-title" />
    <ResourceContextProvider value="region">{view}</ResourceContextProvider>
  </TestAdmin>
);

describe('KitCreate and KitEdit, the frames of every create and edit page', () => {
  it("title a resource's create page and the browser tab from its own texts", async () => {
    render(inside(modules.region.create as ReactElement));
    expect(await screen.findByText('Add Region')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Admin Panel | Region'));
  });

  it('title an edit page and its tab, and put the bare tab title back on leaving', async () => {
    const { unmount } = render(
      inside(
        <KitEdit id="r1">
          <p>form</p>
        </KitEdit>,
      ),
    );
    expect(await screen.findByText('Edit Region')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Admin Panel | Region'));
    unmount();
    expect(document.title).toBe('Admin Panel');
  });
});
