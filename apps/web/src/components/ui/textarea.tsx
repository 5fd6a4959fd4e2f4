import type { ComponentProps } from 'react';
import { cn } from './cn';
import { inputClasses } from './input';

/** Multi-line text with the look of <Input>; grows by hand (resize-y), never sideways. */
export function Textarea({ className, rows = 3, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      rows={rows}
      className={cn(inputClasses, 'h-auto resize-y py-2 leading-relaxed', className)}
      {...props}
    />
  );
}
