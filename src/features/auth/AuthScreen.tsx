import { useNavigate } from '@tanstack/react-router';
import { LOGIN_ROUTE } from '../../../core/redirects';
import { AuthPageLayout } from './AuthPageLayout';
import { AuthPanel, type AuthTab } from './AuthPanel';
import { useCurrentLocation } from './use-current-location';

export const SIGN_UP_ROUTE = '/sign-up';

const PATHS: Record<AuthTab, string> = { 'log-in': LOGIN_ROUTE, 'sign-up': SIGN_UP_ROUTE };

interface ScreenText {
  title: string;
  description: string;
}

/** /login and /sign-up: the panel inline; switching tabs switches pages, keeping ?redirect=. */
function AuthScreen({ tab, title, description }: ScreenText & { tab: AuthTab }) {
  const navigate = useNavigate();
  const location = useCurrentLocation();
  const query = new URLSearchParams();
  if (location.requestedPath) query.set('redirect', location.requestedPath);
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return (
    <AuthPageLayout title={title} description={description}>
      <AuthPanel
        tab={tab}
        onTabChange={(next) => void navigate({ href: `${PATHS[next]}${search}`, replace: true })}
      />
    </AuthPageLayout>
  );
}

export function LoginScreen(props: ScreenText) {
  return <AuthScreen tab="log-in" {...props} />;
}

export function SignUpScreen(props: ScreenText) {
  return <AuthScreen tab="sign-up" {...props} />;
}
