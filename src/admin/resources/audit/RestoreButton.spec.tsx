// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Notification, type DataProvider } from 'react-admin';
import { authWith, TestAdmin } from '../../test/TestAdmin';
import type { AuditRecord } from '../../../shared/records/audit';
import { RestoreButton } from './RestoreButton';

afterEach(cleanup);

const edit: AuditRecord = {
  id: 'e1',
  createdAt: new Date('2026-01-02T10:00:00Z'),
  userId: null,
  userName: 'Admin',
  sessionId: null,
  resource: 'region',
  recordId: 'r1',
  action: 'edit',
  changes: { name: { before: 'Toshkent', after: 'Samarqand' }, nameTranslateId: { before: 't1', after: 't2' } },
};

function renderWith(revertChange: () => Promise<unknown>, permissions = ['audit.list', 'region.edit']) {
  const dataProvider = { revertChange } as unknown as Partial<DataProvider>;
  render(
    <TestAdmin dataProvider={dataProvider} authProvider={authWith(permissions)}>
      <RestoreButton entry={edit} />
      <Notification />
    </TestAdmin>,
  );
}

describe('<RestoreButton>', () => {
  it('confirms what changes (field, now → back to), then reverts the entry', async () => {
    const revertChange = vi.fn(async () => ({ revertOf: 'e1', resource: 'region', recordId: 'r1', done: 'edit', fields: ['nameTranslateId'] }));
    renderWith(revertChange);
    fireEvent.click(await screen.findByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take this change back?' });
    const row = within(dialog).getByRole('row', { name: /Samarqand/ });
    expect(within(row).getByText('Toshkent')).toBeTruthy();
    expect(revertChange).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(revertChange).toHaveBeenCalledWith('e1'));
    expect(await screen.findByText('The change was taken back')).toBeTruthy();
  });

  it('shows a refusal (409 naming the fields) as an error', async () => {
    renderWith(async () => {
      throw new Error('Changed since this entry: nameTranslateId');
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Restore' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText(/Changed since this entry: nameTranslateId/)).toBeTruthy();
  });

  it('is not offered without the resource’s permission for what the revert does', async () => {
    renderWith(async () => ({}), ['audit.list', 'region.list']);
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
  });
});
