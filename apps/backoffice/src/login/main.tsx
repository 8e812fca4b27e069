// The sign-in page's own entry (login.html): React DOM and the form, nothing of the back office's
// router, query cache, SDK or contract, so /login stays light (docs/decisions.md "The UI").
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getLocale, I18nProvider } from '../i18n';
import { LoginPage } from './LoginPage';
import '../index.css';

document.documentElement.lang = getLocale();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
createRoot(root).render(
  <StrictMode>
    <I18nProvider>
      <LoginPage />
    </I18nProvider>
  </StrictMode>,
);
