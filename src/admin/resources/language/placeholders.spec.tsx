// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResourceContextProvider } from 'react-admin';
import { TestAdmin } from '../../test/TestAdmin';
import notification from '../notification';
import translate from '../translate';
import language from '.';

afterEach(cleanup);

const inside = (resource: string, view: React.ReactNode) => (
  <TestAdmin dataProvider={{}}>
    <ResourceContextProvider value={resource}>{view}</ResourceContextProvider>
  </TestAdmin>
);

describe('form placeholders', () => {
  it('are texts of the catalogue, never raw keys (Languages, Translations, Notifications)', async () => {
    render(inside('language', language.create));
    expect(await screen.findByPlaceholderText('ex: uz')).toBeTruthy();
    expect(screen.getByPlaceholderText('ex: English')).toBeTruthy();
    cleanup();
    render(inside('translate', translate.create));
    const code = await screen.findByRole('textbox', { name: /code/i });
    expect(code.getAttribute('placeholder')).toBe('code: ');
    cleanup();
    render(inside('notification', notification.create));
    const message = await screen.findByRole('textbox', { name: /message/i });
    expect(message.getAttribute('placeholder')).toBe('enter notification...');
  });
});
