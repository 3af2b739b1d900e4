// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Form, ResourceContextProvider, SaveButton } from 'react-admin';
import { TestAdmin } from '../../test/TestAdmin';
import { LocationPicker } from './LocationPicker';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The form with the picker, while `GET /config` cannot be reached (offline): the map is not drawn. */
function renderPicker(onSubmit: (values: Record<string, unknown>) => void, record: Record<string, unknown> = {}) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response('down', { status: 503 })));
  render(
    <TestAdmin dataProvider={{}}>
      <ResourceContextProvider value="cottage">
        <Form record={record} onSubmit={onSubmit}>
          <LocationPicker source="location" />
          <SaveButton alwaysEnable />
        </Form>
      </ResourceContextProvider>
    </TestAdmin>,
  );
}

describe('<LocationPicker>', () => {
  it('shows the saved spot in the inputs, and a typed latitude changes only the latitude', async () => {
    const onSubmit = vi.fn();
    renderPicker(onSubmit, { location: { latitude: 41.35, longitude: 69.31 } });
    const latitude = screen.getByRole('textbox', { name: 'Latitude' }) as HTMLInputElement;
    const longitude = screen.getByRole('textbox', { name: 'Longitude' }) as HTMLInputElement;
    expect([latitude.value, longitude.value]).toEqual(['41.35', '69.31']);
    fireEvent.change(latitude, { target: { value: '40,5' } });
    fireEvent.change(longitude, { target: { value: '69.31x' } });
    expect(longitude.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].location).toEqual({ latitude: 40.5, longitude: 69.31 });
  });

  it('says in one line that the map could not load, and typing still sets a new spot', async () => {
    const onSubmit = vi.fn();
    renderPicker(onSubmit);
    await screen.findByText('The map could not load: type the latitude and longitude', {}, { timeout: 5000 });
    fireEvent.change(screen.getByRole('textbox', { name: 'Latitude' }), { target: { value: '40.123456' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Longitude' }), { target: { value: '70.654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].location).toEqual({ latitude: 40.123456, longitude: 70.654321 });
  });
});
