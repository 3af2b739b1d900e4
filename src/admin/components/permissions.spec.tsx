// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Form, RecordContextProvider, ResourceContextProvider } from 'react-admin';
import { authWith, TestAdmin } from '../test/TestAdmin';
import { EditImageButton } from './ImageColumn';
import { RowActions } from './RowActions';
import { StatusChip } from './StatusChip';
import { TranslationInput } from './TranslationInput';

afterEach(cleanup);

const InRow = ({ permissions, children }: { permissions: string[]; children: ReactNode }) => (
  <TestAdmin
    dataProvider={{ unusedTranslations: async () => [] } as never}
    authProvider={authWith(permissions)}
  >
    <ResourceContextProvider value="comfort">
      <RecordContextProvider value={{ id: 'c1', name: 'Sauna', image: 'uploads/images/a.jpg', status: 'inactive' }}>
        {children}
      </RecordContextProvider>
    </ResourceContextProvider>
  </TestAdmin>
);

describe('custom buttons check permissions like the stock ones', () => {
  it('RowActions shows edit and delete only to users holding them', async () => {
    render(
      <InRow permissions={['comfort.list', 'comfort.edit', 'comfort.delete']}>
        <RowActions />
      </InRow>,
    );
    expect(await screen.findByRole('link', { name: 'Edit' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeTruthy();
    cleanup();

    render(
      <InRow permissions={['comfort.list', 'comfort.edit']}>
        <RowActions />
      </InRow>,
    );
    expect(await screen.findByRole('link', { name: 'Edit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    cleanup();

    render(
      <InRow permissions={['comfort.list', 'comfort.delete']}>
        <RowActions />
      </InRow>,
    );
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('the edit-image button links to the dialog route only with <resource>.edit', async () => {
    render(
      <InRow permissions={['comfort.edit']}>
        <EditImageButton />
      </InRow>,
    );
    const link = await screen.findByRole('link', { name: 'Edit image' });
    expect(link.getAttribute('href')).toMatch(/\/comfort\/c1\/image$/);
    cleanup();

    render(
      <InRow permissions={['comfort.list', 'comfort.delete']}>
        <EditImageButton />
        <span>rendered</span>
      </InRow>,
    );
    await screen.findByText('rendered');
    // Give the permission check its turn before asserting the absence.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('link', { name: 'Edit image' })).toBeNull();
  });

  it("TranslationInput's + shows only with translate.create", async () => {
    const form = (permissions: string[]) => (
      <InRow permissions={permissions}>
        <Form>
          <TranslationInput source="nameTranslateId" />
        </Form>
      </InRow>
    );
    render(form(['translate.create']));
    expect(await screen.findByRole('button', { name: 'New translation' })).toBeTruthy();
    cleanup();

    render(form(['comfort.create']));
    await screen.findByRole('combobox');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'New translation' })).toBeNull();
  });
});

describe('<StatusChip>', () => {
  it('shows the translated label of the value', async () => {
    render(
      <InRow permissions={[]}>
        <StatusChip source="status" />
      </InRow>,
    );
    const chip = await screen.findByTestId('status-inactive');
    expect(chip.textContent).toBe('Inactive');
    expect(chip.className).toContain('colorError');
  });
});
