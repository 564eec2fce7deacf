import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './ui/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { recordVisitAttribution } from './features/attribution/record-visit';
import { browserSessionDeps, createSessionStore } from './features/session/session-store';
import { createAppRouter } from './routes/router';

const session = createSessionStore(browserSessionDeps());
const router = createAppRouter({ session });

// Spec 4: the login check on load decides whether the visitor is signed in.
void session.loginCheck();
void recordVisitAttribution();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App router={router} session={session} />
  </StrictMode>,
);
