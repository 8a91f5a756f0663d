import '@fontsource-variable/inter';
import '@fontsource-variable/noto-sans-devanagari';
import './index.css';
import { chooseLocale } from '@casino/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n';
import { localeFromPath } from './lib/locale-path';

const i18n = initI18n(
  localeFromPath(window.location.pathname) ?? chooseLocale(navigator.language.slice(0, 2)),
);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App i18n={i18n} />
  </StrictMode>,
);
