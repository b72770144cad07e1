/**
 * Unsaved changes are never lost silently. A form registers how to tell whether it holds changes
 * not saved yet (`useUnsavedChanges`); while one does:
 * - a navigation to another page (a link, the back button, the breadcrumb) asks first, in the
 *   console's own dialog (one router blocker for the whole console: React Router allows one);
 * - closing or reloading the tab asks first, in the browser's own dialog (beforeunload);
 * - a dialog's form asks before it closes (`useGuardedClose`; `useDialogGuard` when the form is
 *   a child of the dialog: both in unsaved-changes-dialog.tsx, with the question itself).
 * After a save the form is clean again (useResourceSubmit resets it), so leaving is free; a page
 * whose record was deleted releases its guard before it leaves. Navigations the console makes
 * on its own (the session ended: lib/navigation's `navigateTo`) never ask.
 * Within one page (a tab, the query string) nothing asks: the form stays mounted.
 */
import {
  createContext,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
} from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { isForcedNavigation } from '../../lib/navigation.ts';

/**
 * The question, in a chunk of its own: every page renders this module (the root layout), and the
 * dialog's Modal (focus trap, portal) is not for the sign-in page to download. It is fetched once
 * a form registers, so it shows at once when asked for.
 */
const loadDialog = () => import('./unsaved-changes-dialog.tsx');
const LazyDialog = lazy(() => loadDialog().then((m) => ({ default: m.UnsavedChangesDialog })));

/** Whether a form holds changes not saved yet, asked at the moment someone leaves. */
export type DirtyCheck = () => boolean;

interface Registry {
  register: (check: DirtyCheck) => () => void;
}

const UnsavedChangesContext = createContext<Registry | null>(null);

/**
 * The console's one guard (the root layout renders it around every page): the router blocker,
 * the tab's beforeunload and the dialog, asked of every form registered.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const checks = useRef(new Set<DirtyCheck>());
  const anyDirty = useCallback(() => [...checks.current].some((check) => check()), []);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!anyDirty()) return;
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [anyDirty]);

  const registry = useMemo<Registry>(
    () => ({
      register: (check) => {
        checks.current.add(check);
        return () => {
          checks.current.delete(check);
        };
      },
    }),
    [],
  );

  return (
    <UnsavedChangesContext.Provider value={registry}>
      {children}
      <NavigationGuard anyDirty={anyDirty} />
    </UnsavedChangesContext.Provider>
  );
}

/**
 * The router blocker and its question, in a component of their own: the blocker follows the
 * router's state, and only this re-renders on each change, never the page (a page re-rendered
 * mid-navigation would fetch again what it is leaving, such as a record just deleted).
 */
function NavigationGuard({ anyDirty }: { anyDirty: DirtyCheck }) {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      !isForcedNavigation() && currentLocation.pathname !== nextLocation.pathname && anyDirty(),
    [anyDirty],
  );
  const blocker = useBlocker(shouldBlock);
  if (blocker.state !== 'blocked') return null;
  return (
    <Suspense fallback={null}>
      <LazyDialog opened onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Suspense>
  );
}

export interface UnsavedChangesGuard {
  /** The form's changes are gone on purpose (its record was deleted): leaving no longer asks. */
  release: () => void;
}

/**
 * Registers a form with the console's guard while it is mounted. `isDirty` is called when someone
 * leaves (Mantine's `form.isDirty`, which a save resets), so it must be cheap and current.
 */
export function useUnsavedChanges(isDirty: DirtyCheck): UnsavedChangesGuard {
  const registry = useContext(UnsavedChangesContext);
  const latest = useRef(isDirty);
  latest.current = isDirty;
  const released = useRef(false);
  useEffect(() => {
    if (!registry) return;
    void loadDialog();
    released.current = false;
    return registry.register(() => !released.current && latest.current());
  }, [registry]);
  return useMemo(
    () => ({
      release: () => {
        released.current = true;
      },
    }),
    [],
  );
}

/** Reports a form's dirty check to its dialog (`useDialogGuard`) while the form is mounted. */
export function useReportDirty(target: RefObject<DirtyCheck>, isDirty: DirtyCheck) {
  const latest = useRef(isDirty);
  latest.current = isDirty;
  useEffect(() => {
    target.current = () => latest.current();
    return () => {
      target.current = () => false;
    };
  }, [target]);
}
