// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestAdmin } from '../../../test/TestAdmin';
import type { CottageSignalsRecord } from '../../../../shared/records/signals';
import { SignalPanel } from './SignalPanel';

afterEach(cleanup);

const DESCRIPTION = 'Hovuz bor. Tel: 90 123 45 67, kelinglar!';
const SIGNALS: CottageSignalsRecord = {
  score: 72,
  signals: [
    {
      kind: 'contact',
      severity: 'high',
      message: 'Contact details in the text: “90 123 45 67”',
      evidence: { matches: [{ field: 'description', type: 'phone', start: 16, end: 28, text: '90 123 45 67' }] },
      relatedId: null,
    },
    {
      kind: 'twin',
      severity: 'medium',
      message: '12 m from another owner’s cottage: “Oqtosh”',
      evidence: { distance: 12, here: { latitude: 41.3, longitude: 69.3 }, there: { latitude: 41.3001, longitude: 69.3 } },
      relatedId: 'c2',
    },
    {
      kind: 'price',
      severity: 'medium',
      message: 'The price 9000000 is far above the usual for the area',
      evidence: { field: 'price', value: 9_000_000, scope: 'place', count: 12, median: 1_000_000, min: 800_000, max: 1_300_000, q1: 900_000, q3: 1_100_000, low: 300_000, high: 1_700_000 },
      relatedId: null,
    },
  ],
};

function renderPanel(onReject = vi.fn()) {
  render(
    <TestAdmin dataProvider={{ cottageSignals: async () => SIGNALS } as never}>
      <SignalPanel id="c1" texts={{ name: 'Dacha', description: DESCRIPTION }} onReject={onReject} />
    </TestAdmin>,
  );
  return onReject;
}

describe('<SignalPanel>', () => {
  it('shows a chip per signal and the score; a chip opens its evidence with the number marked in the text', async () => {
    renderPanel();
    expect((await screen.findByTestId('signal-score')).textContent).toBe('Risk 72');
    expect(screen.getByTestId('signal-chip-contact').textContent).toBe('Contact in text');
    expect(screen.getByTestId('signal-chip-twin').textContent).toBe('Twin location');
    expect(screen.queryByTestId('signal-evidence-contact')).toBeNull();
    fireEvent.click(screen.getByTestId('signal-chip-contact'));
    const evidence = await screen.findByTestId('signal-evidence-contact');
    expect(evidence.querySelector('mark')?.textContent).toBe('90 123 45 67');
    expect(screen.getByTestId('signal-text').textContent).toBe(DESCRIPTION);
    expect(evidence.textContent).toContain('Contact details in the text');
  });

  it('shows the price on a strip with the median and range, and links the twin to the other cottage', async () => {
    renderPanel();
    fireEvent.click(await screen.findByTestId('signal-chip-price'));
    const price = await screen.findByTestId('signal-evidence-price');
    expect(screen.getByTestId('signal-price-strip')).toBeTruthy();
    expect(price.textContent).toContain('Compared with 12 confirmed cottages of the place');
    fireEvent.click(screen.getByTestId('signal-chip-twin'));
    expect((await screen.findByTestId('signal-related')).getAttribute('href')).toContain('/cottage/c2');
  });

  it('fills the reject reason of the kind', async () => {
    const onReject = renderPanel();
    fireEvent.click(await screen.findByTestId('signal-chip-contact'));
    fireEvent.click(await screen.findByRole('button', { name: 'Reject with this reason' }));
    expect(onReject).toHaveBeenCalledWith(expect.stringMatching(/^Please remove phone numbers/));
  });
});
