import { type ClientType, isBusinessClient } from '@facturo/shared';
import { Building2, UserRound } from 'lucide-react';
import { cn } from '../../components/ui/cn';

/** A company icon for a business client, else a person (SPEC §2, by type); decorative, the text says it too. */
export function ClientKindIcon({ client, className }: { client: { type: ClientType }; className?: string }) {
  const business = isBusinessClient(client);
  const Icon = business ? Building2 : UserRound;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-full',
        business ? 'bg-indigo-50 text-indigo-700' : 'bg-emerald-50 text-emerald-700',
        className,
      )}
    >
      <Icon className="size-5" />
    </span>
  );
}
