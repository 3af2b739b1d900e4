// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestAdmin } from '../../../test/TestAdmin';
import type { ReasonTemplate } from '../../../providers/reviewApi';
import { deskActionOf } from './deskKeys';
import { shareFromMedian } from './PriceMedians';
import { RejectDialog } from './RejectDialog';
import { averageSeconds, countDecision, readStats } from './sessionStats';

afterEach(cleanup);

const press = (key: string, target: EventTarget | null = document.body, more: Partial<KeyboardEvent> = {}) =>
  deskActionOf({ key, target, ctrlKey: false, metaKey: false, altKey: false, repeat: false, ...more });

describe('the desk keys', () => {
  it('maps A R S J K E ? to their actions, either case', () => {
    expect(['a', 'R', 's', 'j', 'k', 'E', '?'].map((k) => press(k))).toEqual(['approve', 'reject', 'skip', 'next', 'prev', 'edit', 'help']);
    expect(press('x')).toBeNull();
  });

  it('leaves keys alone while typing, in a dialog, or with a modifier', () => {
    const input = document.body.appendChild(document.createElement('input'));
    const dialog = document.body.appendChild(document.createElement('div'));
    dialog.setAttribute('role', 'dialog');
    const inDialog = dialog.appendChild(document.createElement('button'));
    expect(press('a', input)).toBeNull();
    expect(press('a', inDialog)).toBeNull();
    expect(press('a', document.body, { ctrlKey: true })).toBeNull();
    expect(press('a', document.body, { metaKey: true })).toBeNull();
  });

  it('never repeats a decision from a held key, but leafs through photos', () => {
    expect(press('a', document.body, { repeat: true })).toBeNull();
    expect(press('j', document.body, { repeat: true })).toBe('next');
  });
});

describe('the session counts', () => {
  it('counts decisions, takes an undone one back, and averages the seconds', () => {
    const storage = new Map<string, string>();
    const fake = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) } as Storage;
    let s = readStats(fake);
    s = countDecision(s, 'confirmed', 30_000, 1, fake);
    s = countDecision(s, 'rejected', 10_000, 1, fake);
    s = countDecision(s, 'confirmed', 50_000, 1, fake);
    expect(averageSeconds(s)).toBe(30);
    s = countDecision(s, 'confirmed', 50_000, -1, fake);
    expect(readStats(fake)).toEqual({ approved: 1, rejected: 1, spentMs: 40_000 });
    expect(averageSeconds(readStats({ getItem: () => null } as unknown as Storage))).toBeNull();
  });
});

describe('a price against its median', () => {
  it('is a share above or below, or nothing without a median', () => {
    expect(shareFromMedian(1_120_000, 1_000_000)).toBeCloseTo(0.12);
    expect(shareFromMedian(800_000, 1_000_000)).toBeCloseTo(-0.2);
    expect(shareFromMedian(800_000, 0)).toBeNull();
    expect(shareFromMedian(800_000, null)).toBeNull();
  });
});

const TEMPLATES: ReasonTemplate[] = [
  { id: 't1', position: 1, uz: 'Rasmlar yomon', ru: 'Плохие фото', en: 'Poor photos' },
  { id: 't2', position: 2, uz: 'Tavsif qisqa', ru: 'Короткое описание', en: 'Short description' },
];

function renderDialog(onSend = vi.fn()) {
  render(
    <TestAdmin dataProvider={{}}>
      <RejectDialog open name="Oqtosh" templates={TEMPLATES} sending={false} onSend={onSend} onClose={() => undefined} />
    </TestAdmin>,
  );
  return { onSend, dialog: screen.getByRole('dialog'), field: () => screen.getByTestId('reject-reason') as HTMLTextAreaElement };
}

describe('<RejectDialog>', () => {
  it('picks a template by its digit into the editable reason, and Enter sends it', async () => {
    const { onSend, dialog, field } = renderDialog();
    await screen.findByText('Short description');
    fireEvent.keyDown(dialog, { key: '2' });
    expect(field().value).toBe('Short description');
    fireEvent.change(field(), { target: { value: 'Short description: add the rooms' } });
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('Short description: add the rooms');
  });

  it('types digits into the reason instead of picking while the reason has the focus', () => {
    const { dialog, field } = renderDialog();
    fireEvent.keyDown(dialog, { key: '1' });
    expect(field().value).toBe('Poor photos');
    fireEvent.keyDown(field(), { key: '2' });
    expect(field().value).toBe('Poor photos');
  });

  it('switches the picked template to another language until it is edited', () => {
    const { dialog, field } = renderDialog();
    fireEvent.keyDown(dialog, { key: '1' });
    fireEvent.click(screen.getByRole('button', { name: 'ru' }));
    expect(field().value).toBe('Плохие фото');
    expect(screen.getByText('Короткое описание')).toBeTruthy();
  });

  it('refuses an empty reason with a clear message', () => {
    const { onSend, dialog } = renderDialog();
    fireEvent.keyDown(dialog, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getAllByText('Write a reason: the owner needs to know what to fix').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onSend).not.toHaveBeenCalled();
  });
});
