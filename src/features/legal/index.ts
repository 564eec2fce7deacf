// What the rest of the app uses of features/legal; its other files are its own (lint-enforced).
export { TermsOfServiceText } from './TermsOfServiceText';
