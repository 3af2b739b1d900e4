// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
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
