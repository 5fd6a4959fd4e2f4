import { useEffect } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { buttonClasses } from '../../components/ui/button-styles';
import { CLIENT_QUOTA_ALERT_MS, type ClientQuota } from './client-quota';

/** SPEC §8: "Quota de clients atteint", used/limit, Passer Premium; it goes away by itself after 5 s. */
export function ClientQuotaAlert({ quota, onDismiss }: { quota: ClientQuota; onDismiss: () => void }) {
  useEffect(() => {
    const timer = window.setTimeout(onDismiss, CLIENT_QUOTA_ALERT_MS);
    return () => window.clearTimeout(timer);
  }, [onDismiss]);
  return (
    <Alert variant="error" title="Quota de clients atteint" className="mb-4">
      <p>
        {quota.utilise}/{quota.limite} clients utilisés. Passez à un plan Premium pour ajouter plus de
        clients.
      </p>
      <Link to="/subscription" className={buttonClasses('primary', 'sm')}>
        Passer Premium
      </Link>
    </Alert>
  );
}
