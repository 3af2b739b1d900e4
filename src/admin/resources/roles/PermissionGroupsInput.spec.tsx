// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { authWith, TestAdmin } from '../../test/TestAdmin';
import { PermissionGroupsInput } from './PermissionGroupsInput';

afterEach(cleanup);

const groups = [
  {
    id: 'g1',
    name: 'region',
    label: 'Region',
    permission: [
      { id: 'p1', code: 'region.list', name: 'List regions', modelId: 'g1' },
      { id: 'p2', code: 'region.create', name: 'Create regions', modelId: 'g1' },
      { id: 'p3', code: 'region.delete', name: 'Delete regions', modelId: 'g1' },
    ],
  },
];

function renderInput(held: string[], onSubmit: (values: Record<string, unknown>) => void) {
  render(
    <TestAdmin dataProvider={{ permissionGroups: async () => groups } as never} authProvider={authWith(held)}>
      <Form onSubmit={onSubmit} record={{ permissions: [] }}>
        <PermissionGroupsInput />
        <button type="submit">submit</button>
      </Form>
    </TestAdmin>,
  );
}

describe('<PermissionGroupsInput>', () => {
  it('"select all" ticks every permission of the group the caller holds, and shows the others disabled with the reason', async () => {
    let sent: Record<string, unknown> | undefined;
    renderInput(['region.list', 'region.create'], (v) => (sent = v));
    fireEvent.click(await screen.findByText('Region'));
    const deleteBox = screen.getByRole('checkbox', { name: /Delete regions/ });
    expect((deleteBox as HTMLInputElement).disabled).toBe(true);
    expect(deleteBox.closest('label')?.textContent).toContain('you do not hold this permission');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all: Region' }));
    expect((screen.getByRole('checkbox', { name: /List regions/ }) as HTMLInputElement).checked).toBe(true);
    expect((deleteBox as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'submit' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect([...(sent!.permissions as string[])].sort()).toEqual(['p1', 'p2']);
  });
});
