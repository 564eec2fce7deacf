import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './ui/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { recordVisitAttribution } from './features/attribution';
import { browserSessionDeps, createSessionStore } from './features/session';
import { startLibraryServices } from './features/library';
import { createAppRouter } from './routes/router';

const session = createSessionStore(browserSessionDeps());
// Unfinished uploads resume on any screen, not only in the library.
startLibraryServices(session);
const router = createAppRouter({ session });

// Spec 4: the login check on load decides whether the visitor is signed in.
void session.loginCheck();
// Signed in from the stored record while offline: check again (and fetch the plan) once online.
window.addEventListener('online', () => void session.loginCheck());
void recordVisitAttribution();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App router={router} session={session} />
  </StrictMode>,
);
