import { Burger, Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import { ColorSchemeToggle } from '../../ui/ColorSchemeToggle';
import { WIDE_LAYOUT_MIN_WIDTH_PX } from '../../ui/constants';
import { useElementWidth } from '../../ui/use-element-width';
import { useSession } from '../session';
import { AccountMenu } from './AccountMenu';
import { BrandLink } from './BrandLink';
import { LoginDialog } from './LoginDialog';
import { MainNavLinks } from './MainNavLinks';
import { MoreMenu } from './MoreMenu';
import { NavDrawer } from './NavDrawer';
import { PlanIssueWarning } from './PlanIssueWarning';
import {
  OWN_TRACK_LINKS_INLINE_MIN_WIDTH_PX,
  ownTrackLinks,
  showsPlanIssue,
  SIGN_UP_PATH,
} from './shell-links';
import classes from './TopBar.module.css';

/** The top bar of spec 2: wide with links at about 1105 px and more, else a burger and a drawer. */
export function TopBar() {
  const barRef = useRef<HTMLDivElement>(null);
  const barWidth = useElementWidth(barRef);
  const wide = barWidth >= WIDE_LAYOUT_MIN_WIDTH_PX;
  const session = useSession();
  // Release Kits and Timed Lyrics: in the bar where it has room, else first in the More menu.
  const ownLinksInline = barWidth >= OWN_TRACK_LINKS_INLINE_MIN_WIDTH_PX;
  const signedIn = session.status === 'signed-in';
  const [drawerOpened, drawer] = useDisclosure(false);
  const [loginOpened, login] = useDisclosure(false);

  return (
    <div ref={barRef} className={classes.bar} data-layout={wide ? 'wide' : 'narrow'}>
      <Group gap="xs" wrap="nowrap">
        {!wide && (
          <Burger
            opened={drawerOpened}
            onClick={drawer.toggle}
            size="sm"
            aria-label={drawerOpened ? 'Close navigation' : 'Open navigation'}
          />
        )}
        <BrandLink />
        {wide && (
          <nav aria-label="Main">
            <MainNavLinks withOwnTrackLinks={ownLinksInline} />
          </nav>
        )}
      </Group>

      <Group gap={6} wrap="nowrap">
        {showsPlanIssue(session) && <PlanIssueWarning />}
        <MoreMenu creators={wide && !ownLinksInline ? ownTrackLinks(session) : []} />
        <ColorSchemeToggle />
        {wide &&
          (signedIn ? (
            <AccountMenu />
          ) : (
            <>
              <Button variant="default" onClick={login.open}>
                Login
              </Button>
              <Button
                component={Link}
                to={SIGN_UP_PATH}
                variant="gradient"
                gradient={{ from: 'wave.6', to: 'pink.6', deg: 120 }}
              >
                Create Account
              </Button>
            </>
          ))}
      </Group>

      {!wide && <NavDrawer opened={drawerOpened} onClose={drawer.close} onLogin={login.open} />}
      <LoginDialog opened={loginOpened} onClose={login.close} />
    </div>
  );
}
