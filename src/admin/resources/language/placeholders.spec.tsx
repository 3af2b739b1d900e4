// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResourceContextProvider } from 'react-admin';
import { TestAdmin } from '../../test/TestAdmin';
import { NotificationCreate } from '../notification/NotificationCreate';
import { TranslateCreate } from '../translate/TranslateCreate';
import { LanguageCreate } from './LanguageCreate';

afterEach(cleanup);

const inside = (resource: string, view: React.ReactNode) => (
  <TestAdmin dataProvider={{}}>
    <ResourceContextProvider value={resource}>{view}</ResourceContextProvider>
  </TestAdmin>
);

describe('form placeholders', () => {
  it('are texts of the catalogue, never raw keys (Languages, Translations, Notifications)', async () => {
    render(inside('language', <LanguageCreate />));
    expect(await screen.findByPlaceholderText('ex: uz')).toBeTruthy();
    expect(screen.getByPlaceholderText('ex: English')).toBeTruthy();
    cleanup();
    render(inside('translate', <TranslateCreate />));
    const code = await screen.findByRole('textbox', { name: /code/i });
    expect(code.getAttribute('placeholder')).toBe('code: ');
    cleanup();
    render(inside('notification', <NotificationCreate />));
    const message = await screen.findByRole('textbox', { name: /message/i });
    expect(message.getAttribute('placeholder')).toBe('enter notification...');
  });
});
