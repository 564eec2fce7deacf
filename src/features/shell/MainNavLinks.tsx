import { Group } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useHasVisualizers } from '../renders';
import { useSession } from '../session';
import { mainLinks, showsUpgrade, UPGRADE_LINK } from './shell-links';
import classes from './TopBar.module.css';

/**
 * The wide layout's links: Music Visualizers, Static Music Videos, Spotify Canvas Videos (and,
 * signed in, Release Kits and Timed Lyrics), Upgrade.
 */
export function MainNavLinks({ withOwnTrackLinks }: { withOwnTrackLinks: boolean }) {
  const session = useSession();
  const hasVisualizers = useHasVisualizers();
  return (
    <Group gap={4} wrap="nowrap" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {mainLinks(session, hasVisualizers, withOwnTrackLinks).map((link) => (
        <li key={link.label}>
          <Link to={link.to} className={classes.navLink}>
            {link.label}
          </Link>
        </li>
      ))}
      {showsUpgrade(session) && (
        <li>
          <Link to={UPGRADE_LINK.to} className={`${classes.navLink} ${classes.upgrade}`}>
            <IconSparkles size={16} stroke={1.8} aria-hidden />
            {UPGRADE_LINK.label}
          </Link>
        </li>
      )}
    </Group>
  );
}
