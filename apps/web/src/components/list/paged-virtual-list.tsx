import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { buttonClasses } from '../ui/button-styles';
import { Spinner } from '../ui/spinner';
import { VirtualList } from './virtual-list';

/** What PagedVirtualList needs of a paged list (usePagedList's answer). */
interface PagedRows<T> {
  items: readonly T[];
  total: number | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

interface PagedVirtualListProps<T> {
  list: PagedRows<T>;
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** « 50 factures affichées sur 120 »: said under the list while pages are left. */
  countText: (shown: number, total: number) => string;
  estimateRowHeight: number;
  gap: number;
  columns?: number;
  className: string;
  /** See VirtualList: the item whose first control takes the focus once drawn. */
  focusKey?: string | null;
}

/**
 * A paged list as the user meets it (issue 16): virtualised rows, the next page loaded as the end comes
 * near, and, for keyboard and screen reader users who do not scroll, a « Charger plus » button; after
 * it, the focus goes to the first new row, where reading goes on.
 */
export function PagedVirtualList<T>({ list, getKey, countText, ...view }: PagedVirtualListProps<T>) {
  const { items, total, hasMore, loadingMore, loadMore } = list;
  const listRef = useRef<HTMLDivElement>(null);
  /** Set by the button: the index of the first row it brings, to be focused once drawn. */
  const focusIndex = useRef<number | null>(null);

  useEffect(() => {
    const index = focusIndex.current;
    if (index === null || items.length <= index) return;
    focusIndex.current = null;
    const target = listRef.current?.querySelector<HTMLElement>(`[data-item="${index}"] :is(a, button)`);
    target?.focus();
  }, [items.length]);

  // A page already on its way (the scroll asked first) is the one the button waits for.
  const onButton = useCallback(() => {
    focusIndex.current ??= items.length;
    loadMore();
  }, [items.length, loadMore]);

  return (
    <div ref={listRef} className="space-y-3">
      <VirtualList items={items} getKey={getKey} hasMore={hasMore} onNearEnd={loadMore} {...view} />
      {total !== undefined && total > items.length && (
        <div className="flex flex-col items-center gap-2">
          <p role="status" className="text-sm text-slate-600">
            {countText(items.length, total)}
          </p>
          {hasMore && (
            // Never disabled while loading: a disabled button loses the keyboard focus.
            <button
              type="button"
              className={buttonClasses('secondary')}
              aria-busy={loadingMore || undefined}
              onClick={onButton}
            >
              {loadingMore && <Spinner />}
              Charger plus
            </button>
          )}
        </div>
      )}
    </div>
  );
}
