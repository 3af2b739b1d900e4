// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Routes } from 'react-router-dom';
import { ResourceContextProvider } from 'react-admin';
import { authWith, TestAdmin } from '../test/TestAdmin';
import { imageDialogRoute } from './imageDialog';

afterEach(cleanup);

const List = () => <p>the list</p>;

function renderAt(resource: string, permissions: string[]) {
  window.location.hash = '#/r1/image';
  const getOne = async () => ({ data: { id: 'r1', name: 'Sauna' } });
  render(
    <TestAdmin dataProvider={{ getOne: getOne as never }} authProvider={authWith(permissions)}>
      <ResourceContextProvider value={resource}>
        <Routes>{imageDialogRoute(List)}</Routes>
      </ResourceContextProvider>
    </TestAdmin>,
  );
}

describe('imageDialogRoute', () => {
  it("opens over the list with a title naming the resource, and the record's name under it", async () => {
    renderAt('comfort', ['comfort.edit']);
    expect((await screen.findByRole('dialog')).textContent).toContain('Edit Comfort image');
    expect(await screen.findByText('Sauna')).toBeTruthy();
    expect(screen.getByText('the list')).toBeTruthy();
    cleanup();

    renderAt('cottage-type', ['cottageType.edit']);
    expect((await screen.findByRole('dialog')).textContent).toContain('Edit Cottage type image');
  });

  it('shows only the list to a user without <resource>.edit', async () => {
    renderAt('comfort', ['comfort.list']);
    await screen.findByText('the list');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
