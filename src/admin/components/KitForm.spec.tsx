// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Route, RouterProvider, Routes } from 'react-router-dom';
import { TextInput, useRedirect } from 'react-admin';
import { conflictStore } from '../providers/conflict';
import { TestAdmin } from '../test/TestAdmin';
import { KitForm } from './KitForm';

/** A button outside the form's fields that leaves the page, as a menu link would. */
const Leave = () => {
  const redirect = useRedirect();
  return (
    <button type="button" onClick={() => redirect('/elsewhere')}>
      leave
    </button>
  );
};

// A data router, as the panel's (App.tsx): the form at /form, another page beside it.
const form = () => (
  <RouterProvider
    router={createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <TestAdmin dataProvider={{}}>
              <Routes>
                <Route
                  path="/form"
                  element={
                    <KitForm onSubmit={() => undefined} toolbar={false}>
                      <TextInput source="title" />
                      <Leave />
                    </KitForm>
                  }
                />
                <Route path="/elsewhere" element={<p>elsewhere</p>} />
              </Routes>
            </TestAdmin>
          ),
        },
      ],
      { initialEntries: ['/form'] },
    )}
  />
);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('KitForm', () => {
  it('asks before leaving unsaved changes, and stays when the user says no', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    render(form());
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'changed' } });
    fireEvent.click(screen.getByText('leave'));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(screen.getByLabelText('Title')).toBeTruthy();
  });

  it('leaves without asking once the conflict dialog saved the values over the newer record', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    render(form());
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'changed' } });
    conflictStore.overwritten();
    fireEvent.click(screen.getByText('leave'));
    await screen.findByText('elsewhere');
    expect(confirm).not.toHaveBeenCalled();
  });
});
