// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TestAdmin } from '../test/TestAdmin';
import { Home } from './Home';

afterEach(cleanup);

describe('<Home>', () => {
  it('shows a tile with its count for each resource the server counted, and no other', async () => {
    const stats = async () => ({ regions: 14, comforts: 0 });
    render(
      <TestAdmin dataProvider={{ stats }}>
        <Home />
      </TestAdmin>,
    );
    const regions = await screen.findByTestId('tile-region');
    expect(regions.textContent).toContain('Region');
    expect(regions.textContent).toContain('14');
    expect((await screen.findByTestId('tile-comfort')).textContent).toContain('0');
    expect(screen.queryByTestId('tile-user')).toBeNull();
    expect(screen.queryByTestId('tile-notification')).toBeNull();
  });
});

describe('<Home> charts', () => {
  const days = Array.from({ length: 30 }, (_, i) => ({ date: `2026-01-${String(i + 1).padStart(2, '0')}`, label: `${i + 1} Jan` }));
  const zeros = () => days.map(() => 0);

  // The first render waits for the lazily loaded chart module.
  it('shows the empty state of each chart the caller may see when its 30 days hold nothing', async () => {
    const statsSeries = async () => ({ days, moderation: { submitted: zeros(), confirmed: zeros(), rejected: zeros() } });
    render(
      <TestAdmin dataProvider={{ stats: async () => ({}), statsSeries }}>
        <Home />
      </TestAdmin>,
    );
    expect(await screen.findByRole('heading', { name: 'Cottage moderation, last 30 days' }, { timeout: 15000 })).toBeTruthy();
    expect(screen.getByText('Nothing happened in the last 30 days')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Orders per day, last 30 days' })).toBeNull();
  }, 20000);

  it('draws a chart when there is data, and says so when the series cannot be loaded', async () => {
    const orders = { progress: zeros(), success: zeros().map((_, i) => (i === 29 ? 3 : 0)), cancelled: zeros() };
    render(
      <TestAdmin dataProvider={{ stats: async () => ({}), statsSeries: async () => ({ days, orders }) }}>
        <Home />
      </TestAdmin>,
    );
    const heading = await screen.findByRole('heading', { name: 'Orders per day, last 30 days' }, { timeout: 15000 });
    expect(heading.closest('section')?.querySelector('svg')).not.toBeNull();
    expect(screen.queryByText('Nothing happened in the last 30 days')).toBeNull();
    cleanup();
    render(
      <TestAdmin dataProvider={{ stats: async () => ({}), statsSeries: async () => Promise.reject(new Error('boom')) }}>
        <Home />
      </TestAdmin>,
    );
    expect(await screen.findByText('The charts are unavailable', undefined, { timeout: 15000 })).toBeTruthy();
  }, 30000);

  it('draws the moderation counts as daily bars, not as a curve', async () => {
    const moderation = { submitted: zeros().map((_, i) => (i === 29 ? 2 : 0)), confirmed: zeros().map((_, i) => (i === 28 ? 1 : 0)), rejected: zeros() };
    render(
      <TestAdmin dataProvider={{ stats: async () => ({}), statsSeries: async () => ({ days, moderation }) }}>
        <Home />
      </TestAdmin>,
    );
    const heading = await screen.findByRole('heading', { name: /moderation/i }, { timeout: 15000 });
    const section = heading.closest('section') as HTMLElement;
    await waitFor(() => expect(section.querySelector('[class*="MuiBarPlot-root"]')).not.toBeNull());
    expect(section.querySelector('[class*="MuiLinePlot"], [class*="MuiLineElement"], [class*="MuiAreaElement"]')).toBeNull();
  }, 30000);
});
