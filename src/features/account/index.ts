// What the rest of the app uses of features/account; its other files are its own (lint-enforced).
export { DeleteAccountScreen, SUBSCRIPTION_ENDS } from './DeleteAccountScreen';
export { EmailChangeScreen } from './EmailChangeScreen';
export { EmailPrefsSavedScreen } from './EmailPrefsSavedScreen';
export { EmailPrefsScreen } from './EmailPrefsScreen';
export { ProfileScreen } from './ProfileScreen';
