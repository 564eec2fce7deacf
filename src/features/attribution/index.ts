// What the rest of the app uses of features/attribution; its other files are its own (lint-enforced).
export { recordVisitAttribution } from './record-visit';
