// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { switchLanguage, useLanguageT } from './i18n';

afterEach(async () => {
  cleanup();
  await switchLanguage('en');
});

function Label() {
  const t = useLanguageT();
  return <span data-testid="label">{t('Header.login')}</span>;
}

test('useLanguageT translates in the current language and renders again when it changes', async () => {
  render(<Label />);
  expect(screen.getByTestId('label').textContent).toBe('Log in');
  await act(() => switchLanguage('ru'));
  expect(screen.getByTestId('label').textContent).toBe('Войти');
  await act(() => switchLanguage('en'));
  expect(screen.getByTestId('label').textContent).toBe('Log in');
});
