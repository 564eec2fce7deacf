// What the rest of the app uses of features/auth; its other files are its own (lint-enforced).
export { AuthPageLayout } from './AuthPageLayout';
export { AuthPanel, authPanelView, type AuthTab } from './AuthPanel';
export { LoginScreen, SignUpScreen } from './AuthScreen';
export { CodeInput } from './CodeInput';
export { EmailVerificationScreen } from './EmailVerificationScreen';
export { ForgotPasswordScreen } from './ForgotPasswordScreen';
export { RedeemLinkOutcome } from './RedeemLinkOutcome';
export { ResetPasswordScreen } from './ResetPasswordScreen';
export { useCurrentLocation } from './use-current-location';
export { useRedeemLink } from './use-redeem-link';
