// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Notification, RecordContextProvider, ResourceContextProvider, type DataProvider } from 'react-admin';
import { authWith, TestAdmin } from '../test/TestAdmin';
import { DeleteButton } from './DeleteButton';

afterEach(cleanup);

describe('<DeleteButton>', () => {
  it('asks "Are you sure to delete ?" and deletes only after Yes', async () => {
    const remove = vi.fn(async (_resource: string, params: { id: unknown }) => ({ data: { id: params.id } }));
    render(
      <TestAdmin dataProvider={{ delete: remove as DataProvider['delete'] }}>
        <ResourceContextProvider value="region">
          <RecordContextProvider value={{ id: 'r1', name: 'Toshkent' }}>
            <DeleteButton />
          </RecordContextProvider>
        </ResourceContextProvider>
      </TestAdmin>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Are you sure to delete ?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByText('Are you sure to delete ?')).toBeNull());
    expect(remove).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(remove).toHaveBeenCalledTimes(1));
    expect(remove).toHaveBeenCalledWith('region', expect.objectContaining({ id: 'r1' }));
  });

  it('offers Undo in the delete toast: the revert of the delete’s audit entry', async () => {
    const remove = vi.fn(async (_resource: string, params: { id: unknown }) => ({ data: { id: params.id } }));
    const deleteEntriesOf = vi.fn(async () => ['entry-1']);
    const revertChange = vi.fn(async () => ({ revertOf: 'entry-1', resource: 'region', recordId: 'r1', done: 'restore', fields: [] }));
    const dataProvider = { delete: remove, deleteEntriesOf, revertChange } as unknown as Partial<DataProvider>;
    render(
      <TestAdmin dataProvider={dataProvider} authProvider={authWith(['audit.list', 'region.create', 'region.delete'])}>
        <ResourceContextProvider value="region">
          <RecordContextProvider value={{ id: 'r1', name: 'Toshkent' }}>
            <DeleteButton />
          </RecordContextProvider>
        </ResourceContextProvider>
        <Notification />
      </TestAdmin>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Region successfully deleted')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(revertChange).toHaveBeenCalledWith('entry-1'));
    expect(deleteEntriesOf).toHaveBeenCalledWith('region', ['r1'], 'delete');
    expect(await screen.findByText('The record is back')).toBeTruthy();
  });
});
