import {
  consumeToken,
  findTokenByLink,
  type EmailTokenRow,
  type TokenPurpose,
} from '../../repositories/email-tokens.repository';
import { findUserById, type UserRow } from '../../repositories/users.repository';
import type { AccountContext } from './account-context';
import { accountErrors } from '../../errors/account-errors';

/**
 * Uses up a mailed link of one purpose: CodeInvalid when it is unknown or not for this, and
 * CodeExpired when it is used or too old. Answers the token and its user, the link now spent.
 */
export async function redeemLink(
  context: Pick<AccountContext, 'db'>,
  link: unknown,
  purpose: TokenPurpose,
): Promise<{ token: EmailTokenRow; user: UserRow }> {
  const token =
    typeof link === 'string' && link ? await findTokenByLink(context.db, link) : undefined;
  if (!token || token.purpose !== purpose) throw accountErrors.codeInvalid();
  if (token.usedAt || token.expiresAt < new Date()) throw accountErrors.codeExpired();
  const user = await findUserById(context.db, token.userUuid);
  if (!user) throw accountErrors.codeInvalid();
  // Two requests racing with one link: only the first one spends it.
  if (!(await consumeToken(context.db, token.id))) throw accountErrors.codeExpired();
  return { token, user };
}
