import type { ReactNode } from 'react';
import { cn } from '../../../../components/ui/cn';

/*
 * Long-form text (legal pages, articles) written as plain JSX: the spacing and list styles come from
 * here, so the content files hold words, not classes. Headings clear the sticky header when reached by anchor.
 */
const proseClasses = [
  'text-base leading-relaxed text-slate-700',
  '[&_h2]:mt-10 [&_h2]:scroll-mt-24 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900',
  '[&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_p]:mt-3 [&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5',
  '[&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-5',
  '[&_li]:pl-1 [&_li::marker]:text-slate-400',
].join(' ');

export function Prose({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn(proseClasses, className)}>{children}</div>;
}
