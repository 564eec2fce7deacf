import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { CODE_MESSAGES, REFRESH_MESSAGES } from '../../../core/account-messages';
import { DEFAULT_SIGNED_IN_ROUTE } from '../../../core/redirects';
import { verifyEmailLink } from '../../api/account';
import { failureOf } from '../../api/api-error';
import { useSession } from '../session';
import { RedeemLinkOutcome } from './RedeemLinkOutcome';
import { useRedeemLink } from './use-redeem-link';

/** Why a mailed verification link did not work. */
function linkFailureMessage(error: unknown): string {
  const failure = failureOf(error);
  if (failure.exc === 'CodeExpired') return CODE_MESSAGES.expired;
  if (failure.exc === 'CodeInvalid') {
    return 'This verification link is not valid. Use the newest email we sent, or request a new one.';
  }
  return 'We could not verify your email just now. Open the link again in a moment.';
}

/** /account/email-verification?token=…: verifies the mailed link, signed in or not, and says so. */
export function EmailLinkVerification({ token }: { token: string }) {
  const session = useSession();
  const state = useRedeemLink('verify-email', token, verifyEmailLink, linkFailureMessage);
  const signedIn = session.status === 'signed-in';
  return (
    <RedeemLinkOutcome
      state={state}
      pendingText="Verifying your email…"
      successTitle={REFRESH_MESSAGES.verified}
      success={() =>
        signedIn
          ? 'You are all set: your media and renders are waiting.'
          : 'Log in to start making videos.'
      }
      signedInAction={
        state.kind === 'redeemed' || session.user?.email_verified ? (
          <Button component={Link} to={DEFAULT_SIGNED_IN_ROUTE}>
            Go to My Media
          </Button>
        ) : (
          <Button component={Link} to="/account/email-verification">
            Enter Your Code Instead
          </Button>
        )
      }
    />
  );
}
