import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { prepareLoader } from './data/loader';
import './app/theme.css';

prepareLoader();

const container = document.getElementById('app');
if (!container) throw new Error('The page has no element with id "app"');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
