import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import { embeddedRunEvents } from './embedded-run.js';
import './styles.css';

const root = document.getElementById('root');
if (root !== null) {
  const embedded = embeddedRunEvents();
  createRoot(root).render(
    <StrictMode>
      <App {...(embedded === undefined ? {} : { embedded })} />
    </StrictMode>,
  );
}
