// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable, HttpError, ResourceContextProvider } from 'react-admin';
import { TestAdmin } from '../test/TestAdmin';
import { KitDataTable, KitList } from './KitList';

afterEach(cleanup);

const regions = [{ id: 'r1', name: 'Tashkent' }];

const list = (getList: () => Promise<unknown>) => (
  <TestAdmin dataProvider={{ getList: getList as never }}>
    <span id="react-admin-title" />
    <ResourceContextProvider value="region">
      <KitList queryOptions={{ retry: false }}>
        <KitDataTable>
          <DataTable.Col source="name" />
        </KitDataTable>
      </KitList>
    </ResourceContextProvider>
  </TestAdmin>
);

describe('KitList, the frame of every list', () => {
  it('shows a failed call as an error with a retry, never as "nothing found" nor under a pager', async () => {
    let fail = true;
    let calls = 0;
    render(
      list(async () => {
        calls++;
        if (fail) throw new HttpError('app.error.network', 0);
        return { data: regions, total: 1 };
      }),
    );
    const alert = await screen.findByTestId('list-error');
    expect(alert.textContent).toContain('The list could not be loaded.');
    expect(alert.textContent).toContain('The server cannot be reached');
    expect(screen.queryByText(/No Region|not found|No results/i)).toBeNull();
    expect(document.querySelector('.RaList-noResults, .KitList-empty')).toBeNull();
    expect(screen.queryByText(/1-1 of 1|\/ 1/)).toBeNull();
    // The retry asks again, and the rows come.
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Tashkent')).toBeTruthy();
    expect(screen.queryByTestId('list-error')).toBeNull();
    expect(calls).toBe(2);
  });

  it('still shows the empty state when the call answered no rows', async () => {
    render(list(async () => ({ data: [], total: 0 })));
    await waitFor(() => expect(document.querySelector('.KitList-empty')).toBeTruthy());
    expect(screen.queryByTestId('list-error')).toBeNull();
  });
});
