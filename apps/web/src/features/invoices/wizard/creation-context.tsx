import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';

/*
 * The wizard, its dialogs and its forms are loaded when the panel first opens: the pages under the shell
 * (the invoice list first) do not carry them (issue 16).
 */
const CreationPanel = lazy(() => import('./creation-panel').then((m) => ({ default: m.CreationPanel })));

export type CreationPanelState = 'closed' | 'open' | 'minimised';

/**
 * Where the keyboard's focus goes once the panel is out of the way, as the user put it there: the minimised
 * bar's « Reprendre » after Escape or « Réduire », the « Nouvelle facture » button after closing. Not after a
 * link minimised it: the new page keeps its own focus.
 */
export type CreationFocusTarget = 'bar' | 'opener' | null;

interface InvoiceCreationValue {
  state: CreationPanelState;
  /** Opens the panel, or brings back the invoice in progress when it was minimised. */
  open: () => void;
  focusTarget: CreationFocusTarget;
}

const InvoiceCreationContext = createContext<InvoiceCreationValue | null>(null);

export const CREATE_INVOICE_PATH = '/factures/create';
const LIST_PATH = '/factures';
/** « Dupliquer » (issue 15): /factures/create?depuis=<invoiceId> starts from that invoice. */
export const DUPLICATE_PARAM = 'depuis';

/**
 * Holds the creation panel above the pages (SPEC §2: it can be minimised or closed), so an invoice in
 * progress survives a look at another page. Mounted by the signed-in shell.
 */
export function InvoiceCreationProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<CreationPanelState>('closed');
  const [focusTarget, setFocusTarget] = useState<CreationFocusTarget>(null);
  // The invoice a duplicate starts from; a new one starts a fresh panel (its key).
  const [source, setSource] = useState<string | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  // The page the panel was opened on: leaving it (a link, a redirect) minimises the panel.
  const openedOn = useRef<string | null>(null);
  const pathname = useRef(location.pathname);
  pathname.current = location.pathname;

  const open = useCallback(() => {
    openedOn.current = pathname.current;
    setFocusTarget(null);
    setState('open');
  }, []);

  /** /factures/create only means "the panel is open": once it is not, the address says the list. */
  const leaveCreatePath = useCallback(() => {
    if (pathname.current === CREATE_INVOICE_PATH) navigate(LIST_PATH, { replace: true });
  }, [navigate]);

  const minimise = useCallback(() => {
    setFocusTarget('bar');
    setState('minimised');
    leaveCreatePath();
  }, [leaveCreatePath]);

  const close = useCallback(
    (options?: { stay?: boolean }) => {
      setFocusTarget('opener');
      setState('closed');
      setSource(null);
      if (!options?.stay) leaveCreatePath();
    },
    [leaveCreatePath],
  );

  useEffect(() => {
    if (state === 'open' && openedOn.current !== location.pathname) {
      setFocusTarget(null);
      setState('minimised');
    }
  }, [state, location.pathname]);

  useEffect(() => {
    if (location.pathname !== CREATE_INVOICE_PATH) return;
    const from = new URLSearchParams(location.search).get(DUPLICATE_PARAM);
    if (from) setSource(from);
  }, [location.pathname, location.search]);

  const value = useMemo(() => ({ state, open, focusTarget }), [state, open, focusTarget]);
  return (
    <InvoiceCreationContext.Provider value={value}>
      {children}
      {state !== 'closed' && (
        <Suspense fallback={null}>
          <CreationPanel
            key={source ?? 'new'}
            source={source}
            minimised={state === 'minimised'}
            barTakesFocus={focusTarget === 'bar'}
            onMinimise={minimise}
            onRestore={open}
            onClose={close}
          />
        </Suspense>
      )}
    </InvoiceCreationContext.Provider>
  );
}

export function useInvoiceCreation(): InvoiceCreationValue {
  const value = useContext(InvoiceCreationContext);
  if (!value) throw new Error('useInvoiceCreation doit être utilisé sous <InvoiceCreationProvider>.');
  return value;
}
