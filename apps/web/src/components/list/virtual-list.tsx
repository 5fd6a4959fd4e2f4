import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../ui/cn';

/** Rows drawn beyond the screen, above and below: enough for a fast wheel and for Tab to find the next row. */
const OVERSCAN_ROWS = 6;
/**
 * Items left below the last drawn row when the next page is asked for, so it is there before the end is
 * reached. Counted in items, not rows: a grid of three cards has a third as many rows.
 */
const PREFETCH_ITEMS = 12;

interface VirtualListProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  /** The content of one <li>: a row of the list, or a card of a grid. */
  renderItem: (item: T) => ReactNode;
  /** A first guess of a row's height in px; each drawn row is then measured. */
  estimateRowHeight: number;
  /** The space between rows in px, the same as the list's CSS gap. */
  gap: number;
  /** Items per row (a grid of cards); 1 for a plain list. */
  columns?: number;
  /** Classes of the <ul>: its layout (flex column or grid) and its gap. */
  className: string;
  /** Another page exists: it is asked for when the end of what is loaded comes near. */
  hasMore: boolean;
  onNearEnd: () => void;
  /**
   * The item (by key) whose first control takes the focus once drawn, e.g. the card of the client whose
   * detail was just closed: the list scrolls to it first, as it may be far from the screen.
   */
  focusKey?: string | null;
}

/**
 * A long list drawn a screen at a time (issue 16: 10,000 invoices must not mean 10,000 rows in the
 * DOM), scrolled by the window like any page. Only the rows near the screen are in the list; the space
 * of the others is kept as padding above and below, so the scroll bar and the page keep their length.
 * Rows stay in the normal flow (a real <ul> of <li>, their gap from CSS), and rows of a grid are laid
 * out by the grid itself: the virtualizer only decides which rows are drawn, and measures the first
 * item of each (a grid stretches the others to the same height).
 */
export function VirtualList<T>({
  items,
  getKey,
  renderItem,
  estimateRowHeight,
  gap,
  columns = 1,
  className,
  hasMore,
  onNearEnd,
  focusKey = null,
}: VirtualListProps<T>) {
  const listRef = useRef<HTMLUListElement>(null);
  const [listTop, setListTop] = useState(0);
  const rowCount = Math.ceil(items.length / columns);

  // Where the list starts in the page: what comes above it (a banner, a filter) can move it.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const top = Math.round(list.getBoundingClientRect().top + window.scrollY);
    if (top !== listTop) setListTop(top);
  });

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => estimateRowHeight,
    overscan: OVERSCAN_ROWS,
    gap,
    scrollMargin: listTop,
  });
  const rows = virtualizer.getVirtualItems();
  const lastDrawn = rows.at(-1)?.index ?? -1;

  const drawnItems = (lastDrawn + 1) * columns;
  useEffect(() => {
    if (hasMore && drawnItems >= items.length - PREFETCH_ITEMS) onNearEnd();
  }, [hasMore, drawnItems, items.length, onNearEnd]);

  /** The focusKey already served: the focus is given once, not at every scroll. */
  const focused = useRef<string | null>(null);
  useEffect(() => {
    if (focusKey === null || focused.current === focusKey) return;
    const index = items.findIndex((item) => getKey(item) === focusKey);
    if (index < 0) return;
    const target = listRef.current?.querySelector<HTMLElement>(`[data-item="${index}"] :is(a, button)`);
    if (target) {
      focused.current = focusKey;
      target.focus();
    } else {
      // Not drawn: bring its row to the screen; the next render finds it.
      virtualizer.scrollToIndex(Math.floor(index / columns), { align: 'center' });
    }
  });

  const first = rows[0];
  const last = rows.at(-1);
  const paddingTop = first ? first.start - listTop : 0;
  const paddingBottom = last ? Math.max(0, virtualizer.getTotalSize() - (last.end - listTop)) : 0;

  return (
    <ul ref={listRef} className={cn(className)} style={{ paddingTop, paddingBottom }}>
      {rows.flatMap((row) =>
        items.slice(row.index * columns, row.index * columns + columns).map((item, column) => (
          <li
            key={getKey(item)}
            className="min-w-0"
            data-item={row.index * columns + column}
            data-index={column === 0 ? row.index : undefined}
            ref={column === 0 ? virtualizer.measureElement : undefined}
          >
            {renderItem(item)}
          </li>
        )),
      )}
    </ul>
  );
}
