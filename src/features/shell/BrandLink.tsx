import { Link } from '@tanstack/react-router';
import { Logo } from '../../ui/Logo';
import classes from './TopBar.module.css';

/** Logo and product name, linking home. */
export function BrandLink({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to="/" className={classes.brand} aria-label="Waveframe home" onClick={onNavigate}>
      <Logo />
    </Link>
  );
}
