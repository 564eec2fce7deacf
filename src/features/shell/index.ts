// What the rest of the app uses of features/shell; its other files are its own (lint-enforced).
export { LoginDialog } from './LoginDialog';
export { NotFoundScreen } from './NotFoundScreen';
export { ShellLayout } from './ShellLayout';
export { creditFigures } from './credit-figures';
