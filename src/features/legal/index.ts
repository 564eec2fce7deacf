// What the rest of the app uses of features/legal; its other files are its own (lint-enforced).
export { AboutScreen } from './AboutScreen';
export { ContactScreen } from './ContactScreen';
export { FaqScreen } from './FaqScreen';
export { IntegrationsScreen } from './IntegrationsScreen';
export { PrivacyScreen, TermsScreen } from './LegalDocumentScreen';
export { SupportScreen } from './SupportScreen';
export { TermsOfServiceText } from './TermsOfServiceText';
