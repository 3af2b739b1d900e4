// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordContextProvider, ResourceContextProvider, type DataProvider } from 'react-admin';
import { TestAdmin } from '../test/TestAdmin';
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
});
