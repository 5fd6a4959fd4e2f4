import { type ComponentType, createContext, type MouseEvent, type ReactNode, useContext } from 'react';

export interface AppLinkProps {
  to: string;
  className?: string;
  children: ReactNode;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** A navigation entry: marked `aria-current="page"` while its page is on show. */
  nav?: boolean;
}

/** The path of the page on show, for the plain links (the router's links read the router). */
export const CurrentPathContext = createContext('');

/** True when `to` (maybe with a #hash) leads to `current` or to a page under it, as NavLink decides. */
export function isCurrentPath(to: string, current: string): boolean {
  const target = to.split('#', 1)[0] || '/';
  if (target === '/') return current === '/';
  return current === target || current.startsWith(`${target}/`);
}

/** A real link, followed by the browser: what a static page hydrated without the router uses. */
function PlainLink({ to, className, children, onClick, nav }: AppLinkProps) {
  const current = useContext(CurrentPathContext);
  return (
    <a
      href={to}
      className={className}
      onClick={onClick}
      aria-current={nav && isCurrentPath(to, current) ? 'page' : undefined}
    >
      {children}
    </a>
  );
}

/**
 * How links of shared parts (the brand, the public header) are drawn. The router's table provides its own
 * links (client-side navigation); without it — the public pages' islands, hydrated without the router to
 * keep it out of their first load — they are plain links.
 */
export const LinkComponentContext = createContext<ComponentType<AppLinkProps>>(PlainLink);

export function AppLink(props: AppLinkProps) {
  const Link = useContext(LinkComponentContext);
  return <Link {...props} />;
}
