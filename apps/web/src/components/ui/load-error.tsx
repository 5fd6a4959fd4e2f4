import { Alert } from './alert';
import { Button } from './button';

interface RetryableQuery {
  isFetching: boolean;
  refetch: () => unknown;
}

/** A list or page that failed to load: the spec's sentence, and a way to try again without reloading. */
export function LoadError({ message, query }: { message: string; query: RetryableQuery }) {
  return (
    <Alert variant="error">
      <p>{message}</p>
      <Button variant="secondary" size="sm" loading={query.isFetching} onClick={() => void query.refetch()}>
        Réessayer
      </Button>
    </Alert>
  );
}
