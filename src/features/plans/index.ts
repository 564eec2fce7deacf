// What the rest of the app uses of features/plans; its other files are its own (lint-enforced).
export { PremiumScreen } from './PremiumScreen';
export { NO_PAYMENTS, PricingScreen, PROMO_INVALID } from './PricingScreen';
