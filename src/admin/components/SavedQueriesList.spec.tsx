// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListContextProvider, useStore, type ListControllerResult } from 'react-admin';
import { TestAdmin } from '../test/TestAdmin';
import type { SavedQuery } from '../providers/savedQueries';
import { SavedQueriesList } from './SavedQueriesList';

const api = vi.hoisted(() => ({ list: vi.fn(), create: vi.fn(), update: vi.fn(), remove: vi.fn() }));
vi.mock('../providers/savedQueries', async (original) => ({ ...(await original()), savedQueriesApi: api }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const record = (over: Partial<SavedQuery>): SavedQuery => ({
  id: 'q1',
  resource: 'region',
  name: 'Mine',
  query: { filter: { q: 'Tosh' }, sort: { field: 'name', order: 'DESC' } },
  shared: false,
  own: true,
  owner: { id: 'u1', name: 'Administrator' },
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});

function listContext(over: Partial<ListControllerResult> = {}) {
  return {
    resource: 'region',
    filterValues: {},
    displayedFilters: {},
    sort: { field: 'name', order: 'ASC' },
    setFilters: vi.fn(),
    setSort: vi.fn(),
    setPage: vi.fn(),
    ...over,
  } as unknown as ListControllerResult;
}

/** Shows what the DataTable would read from the store. */
const HiddenColumns = () => {
  const [hidden] = useStore<string[] | undefined>('region.datatable');
  return <output data-testid="hidden">{JSON.stringify(hidden ?? null)}</output>;
};

function renderList(context: ListControllerResult) {
  return render(
    <TestAdmin dataProvider={{}}>
      <ListContextProvider value={context}>
        <SavedQueriesList />
        <HiddenColumns />
      </ListContextProvider>
    </TestAdmin>,
  );
}

describe('<SavedQueriesList>', () => {
  it('applies filter, sort and stored columns; a colleague\'s shared query is marked and has no remove button', async () => {
    api.list.mockResolvedValue([
      record({ query: { filter: { q: 'Tosh' }, sort: { field: 'name', order: 'DESC' }, columns: { hidden: ['name'] } } }),
      record({ id: 'q2', name: 'Team', shared: true, own: false, owner: { id: 'u2', name: 'Bobur' } }),
    ]);
    const context = listContext();
    renderList(context);
    fireEvent.click(await screen.findByRole('button', { name: 'Mine' }));
    expect(context.setFilters).toHaveBeenCalledWith({ q: 'Tosh' }, { q: true });
    expect(context.setSort).toHaveBeenCalledWith({ field: 'name', order: 'DESC' });
    await waitFor(() => expect(screen.getByTestId('hidden').textContent).toBe('["name"]'));
    expect(api.list).toHaveBeenCalledWith('region');

    expect(screen.getByText('Shared by Bobur')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove query "Mine"' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove query "Team"' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rename or share "Team"' })).toBeNull();
  });

  it('saves the current query with its name and the shared flag, then reloads the list', async () => {
    api.list.mockResolvedValue([]);
    api.create.mockResolvedValue(record({}));
    renderList(listContext({ filterValues: { q: 'Sam' } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save current query...' }));
    fireEvent.change(screen.getByLabelText('Query name'), { target: { value: '  Samarqand  ' } });
    fireEvent.click(screen.getByLabelText('Shared with the team'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.create).toHaveBeenCalledTimes(1));
    expect(api.create).toHaveBeenCalledWith({
      resource: 'region',
      name: 'Samarqand',
      query: { filter: { q: 'Sam' }, sort: { field: 'name', order: 'ASC' } },
      shared: true,
    });
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2));
  });

  it('keeps the dialog open with a translated message when the name is taken (409)', async () => {
    const { HttpError } = await import('react-admin');
    api.list.mockResolvedValue([]);
    api.create.mockRejectedValue(new HttpError('taken', 409, {}));
    renderList(listContext({ filterValues: { q: 'Sam' } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save current query...' }));
    fireEvent.change(screen.getByLabelText('Query name'), { target: { value: 'Dup' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You already have a saved query with this name')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
