import { AppError } from './app-error';

// The `exc` names of spec sections 7 and 8; the web app maps each to its message.
export const accountErrors = {
  invalidCredentials: () =>
    new AppError(401, 'InvalidCredentials', 'Email and/or Password Invalid'),
  notAuthenticated: () => new AppError(401, 'NotAuthenticated', 'Please log in.'),
  codeInvalid: () => new AppError(403, 'CodeInvalid', 'The Code You Entered Is Invalid'),
  codeExpired: () =>
    new AppError(403, 'CodeExpired', 'Code Expired. Request a new verification email'),
  invalidEmail: () => new AppError(403, 'InvalidEmail', 'Invalid Email Address.'),
  emailInUse: () =>
    new AppError(403, 'EmailAddressAlreadyInUse', 'Email Address already registered'),
  emailDomainNotPermitted: () =>
    new AppError(403, 'EmailDomainNotPermitted', 'Please use a different email address'),
  invalidData: (message: string) => new AppError(403, 'InvalidData', message),
  badPassword: (message: string) => new AppError(400, 'InvalidData', message),
  usernameTaken: () => new AppError(409, 'UsernameTaken', 'That username is taken.'),
  alreadyVerified: () =>
    new AppError(409, 'AlreadyVerified', 'Your e-mail address is already verified.'),
};
