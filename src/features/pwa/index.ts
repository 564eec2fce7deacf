// What the rest of the app uses of features/pwa; its other files are its own (lint-enforced).
export { ServiceWorkerUpdates } from './ServiceWorkerUpdates';
