// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Form, ResourceContextProvider, SaveButton } from 'react-admin';
import { TestAdmin } from '../test/TestAdmin';
import { ImagesInput } from './ImagesInput';

afterEach(cleanup);

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

function renderForm(onSubmit: (values: Record<string, unknown>) => void, record: Record<string, unknown> = {}) {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  render(
    <TestAdmin dataProvider={{}}>
      <ResourceContextProvider value="services">
        <Form record={record} onSubmit={onSubmit}>
          <ImagesInput source="images" max={2} />
          <SaveButton alwaysEnable />
        </Form>
      </ResourceContextProvider>
    </TestAdmin>,
  );
  return screen.getByTestId('dropzone').querySelector('input[type=file]') as HTMLInputElement;
}

describe('<ImagesInput>', () => {
  it('keeps the picked files with previews and refuses more than max', async () => {
    const onSubmit = vi.fn();
    const input = renderForm(onSubmit);
    fireEvent.change(input, { target: { files: [png('a.png'), png('b.png'), png('c.png')] } });
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At most 2 images')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' })[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const images = onSubmit.mock.calls[0][0].images as { rawFile: File }[];
    expect(images.map((i) => i.rawFile.name)).toEqual(['b.png', 'c.png']);
  });

  it('does not list the stored images (paths) as picked files', async () => {
    renderForm(vi.fn(), { id: 's1', images: ['uploads/images/old.jpg'] });
    await screen.findByTestId('dropzone');
    expect(screen.queryAllByRole('img')).toHaveLength(0);
  });
});
