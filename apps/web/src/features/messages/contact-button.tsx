import { MESSAGING_MESSAGES } from '@facturo/shared';
import { MessageSquare } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { useInvoiceConversationMutation } from './api';

/**
 * « Contacter l'émetteur » / « Contacter le client » on an invoice sent on the platform (issue 14): opens,
 * or reuses, the conversation of its two parties, then shows it in /messages.
 */
export function ContactButton({ invoiceId, label }: { invoiceId: string; label: string }) {
  const navigate = useNavigate();
  const open = useInvoiceConversationMutation();

  async function run() {
    try {
      const conversation = await open.mutateAsync(invoiceId);
      navigate(`/messages?c=${encodeURIComponent(conversation._id)}`);
    } catch {
      toast.error(MESSAGING_MESSAGES.createFailed);
    }
  }

  return (
    <Button variant="secondary" loading={open.isPending} onClick={() => void run()}>
      {!open.isPending && <MessageSquare className="size-4" aria-hidden="true" />}
      {label}
    </Button>
  );
}
