import { Clock } from 'lucide-react';
import { Badge } from '../../components/ui/badge';

/** Marks what Facturo announces but does not do yet, everywhere with the same word. */
export function SoonBadge({ className }: { className?: string }) {
  return (
    <Badge tone="amber" className={className}>
      <Clock className="size-3" aria-hidden="true" />
      Bientôt
    </Badge>
  );
}
