import { unmatchedStatusListSchema } from '@facturo/shared';
import { listPath, pagedListQueryOptions } from '../../lib/paged-list';
import { adminQueryKey } from './api';

/** The statuses platforms delivered that matched nothing (GET /admin/statuts-non-rattaches), newest first. */
export const unmatchedStatusesQueryOptions = () =>
  pagedListQueryOptions({
    queryKey: [...adminQueryKey, 'unmatched-statuses'],
    path: (cursor) => listPath('/admin/statuts-non-rattaches', { limit: '20', cursor }),
    schema: unmatchedStatusListSchema,
  });
