// What the rest of the app uses of features/plans; its other files are its own (lint-enforced).
export { PremiumScreen } from './PremiumScreen';
export { NO_PAYMENTS, PricingScreen, PROMO_INVALID } from './PricingScreen';
export {
  AccountPlanScreen,
  CARD_UPDATED,
  INVOICE_PAID,
  PLAN_CANCELLED,
  PLAN_REACTIVATED,
} from './AccountPlanScreen';
export { ChangePlanScreen, NOTHING_TO_CHANGE } from './ChangePlanScreen';
export { ALREADY_SUBSCRIBED, CheckoutScreen } from './CheckoutScreen';
export { PAYMENT_PENDING, PlanActivatedScreen } from './PlanActivatedScreen';
