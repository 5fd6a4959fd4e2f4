import { Link, NavLink } from 'react-router';
import type { AppLinkProps } from './app-link';

/** AppLink under the router: client-side navigation, NavLink's `aria-current` for navigation entries. */
export function RouterLink({ to, className, children, onClick, nav }: AppLinkProps) {
  const Component = nav ? NavLink : Link;
  return (
    <Component to={to} className={className} onClick={onClick}>
      {children}
    </Component>
  );
}
