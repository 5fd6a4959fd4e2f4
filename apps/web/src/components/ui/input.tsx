import type { ComponentProps } from 'react';
import { cn } from './cn';

export const inputClasses =
  'block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm ' +
  'placeholder:text-slate-500 focus:border-indigo-600 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-600/30 ' +
  'aria-invalid:border-red-600 aria-invalid:focus:outline-red-600/30 disabled:bg-slate-100';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(inputClasses, className)} {...props} />;
}
