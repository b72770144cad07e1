import { visibleNavigation } from '@cuepoint/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { markSignedInPages } from '../../lib/api-client.ts';
import { readPreferences, type SidebarSize, writePreferences } from '../../lib/preferences.ts';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { logout, SIGNED_OUT_TEXT, useSession } from '../../lib/session.ts';
import { onSettingsDialogRequest } from '../../lib/settings-dialogs.ts';
import { toast } from '../../lib/toast.ts';
import { ActingBanner } from './acting-banner.tsx';
import { AsidePanel } from './aside-panel.tsx';
import { BreadcrumbBar } from './breadcrumb-bar.tsx';
import { screenTitle } from './breadcrumbs.ts';
import { Header, type SettingsEntry } from './header.tsx';
import classes from './shell.module.css';
import { SidebarNav } from './sidebar.tsx';

// The settings dialogs load when first opened, not with the shell.
const ProfileDialog = lazy(() =>
  import('../../features/account/components/profile-dialog.tsx').then((m) => ({ default: m.ProfileDialog })),
);
const AccountDialog = lazy(() =>
  import('../../features/account/components/account-dialog.tsx').then((m) => ({ default: m.AccountDialog })),
);
const DeactivateDialog = lazy(() =>
  import('../../features/account/components/deactivate-dialog.tsx').then((m) => ({
    default: m.DeactivateDialog,
  })),
);
type SettingsDialog = Exclude<SettingsEntry, 'logout'>;

/** Below the 768 px breakpoint the sidebar is an overlay (spec section 2). */
const SMALL_SCREEN = '(max-width: 47.99em)';

/**
 * The default layout of spec section 2: header, sidebar, breadcrumb bar, main area, footer and
 * the aside panel, around every signed-in screen.
 */
export function Component() {
  const session = useSession();
  const { pathname } = useLocation();
  const small = useMediaQuery(SMALL_SCREEN, false, { getInitialValueInEffect: false }) ?? false;
  const [size, setSize] = useState<SidebarSize>(() => readPreferences().sidebar);
  const [shown, setShown] = useState(true);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [asideOpen, setAsideOpen] = useState(false);
  const [dialog, setDialog] = useState<SettingsDialog | null>(null);
  // Dialogs opened once stay mounted (closed), so they close with their transition and return focus.
  const [loaded, setLoaded] = useState<ReadonlySet<SettingsDialog>>(() => new Set());
  const sidebarId = useId();
  const asideId = useId();
  const mainId = useId();

  const entries = visibleNavigation(session.user, runtimeConfig(), { loginAs: session.loginAs });
  const effectiveSize: SidebarSize = small ? 'normal' : size;

  // The user acted as during login-as: a customer's titles.
  const mainAdmin = session.user.profile.isMainAdmin;
  const viewer = useMemo(() => ({ mainAdmin }), [mainAdmin]);
  useEffect(() => {
    const title = screenTitle(pathname, viewer);
    document.title = title ? `${title} · Cuepoint` : 'Cuepoint';
  }, [pathname, viewer]);

  useEffect(() => {
    if (!overlayOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOverlayOpen(false);
    };
    // Capture phase: a focused control's own Escape handling (a tooltip) must not swallow it.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [overlayOpen]);

  const changeSize = (next: SidebarSize) => {
    setSize(next);
    writePreferences({ sidebar: next });
  };

  // The session's logout waits for the signed-in pages to go (lib/api-client.ts, closeSession).
  useEffect(() => {
    markSignedInPages(true);
    return () => markSignedInPages(false);
  }, []);

  const closeDialog = useCallback(() => setDialog(null), []);
  const openDialog = useCallback((entry: SettingsDialog) => {
    setDialog(entry);
    setLoaded((current) => (current.has(entry) ? current : new Set(current).add(entry)));
  }, []);
  // Other parts of the console ask for a dialog too (the plan lock's Upgrade opens My Account).
  useEffect(() => onSettingsDialogRequest(openDialog), [openDialog]);

  const onSettings = (entry: SettingsEntry) => {
    if (entry !== 'logout') return openDialog(entry);
    void logout().then(() => toast.info(SIGNED_OUT_TEXT));
  };

  return (
    <div
      className={classes.shell}
      data-sidebar={effectiveSize}
      data-hidden={!small && !shown ? '' : undefined}
      data-mobile-open={small && overlayOpen ? '' : undefined}
      data-aside-open={asideOpen ? '' : undefined}
    >
      <a className={classes.skipLink} href={`#${mainId}`}>
        Skip to content
      </a>
      <Header
        session={session}
        sidebarId={sidebarId}
        sidebarSize={effectiveSize}
        sidebarShown={small ? overlayOpen : shown}
        onToggleSidebar={() => (small ? setOverlayOpen((o) => !o) : setShown((s) => !s))}
        onToggleMinimised={() => changeSize(size === 'minimised' ? 'normal' : 'minimised')}
        asideId={asideId}
        asideOpen={asideOpen}
        onToggleAside={() => setAsideOpen((o) => !o)}
        onSettings={onSettings}
      />
      <nav id={sidebarId} className={classes.sidebar} aria-label="Main navigation" data-testid="sidebar">
        <SidebarNav
          entries={entries}
          size={effectiveSize}
          onNavigate={() => setOverlayOpen(false)}
          plan={session.user.customerId.paymentPlan}
        />
      </nav>
      <div className={classes.backdrop} aria-hidden="true" onClick={() => setOverlayOpen(false)} />
      <div className={classes.body}>
        <ActingBanner session={session} />
        <BreadcrumbBar pathname={pathname} viewer={viewer} className={classes.breadcrumbBar} />
        <main id={mainId} className={classes.main} tabIndex={-1}>
          <Outlet />
        </main>
        <footer className={classes.footer}>
          <span>© {new Date().getFullYear()} Cuepoint</span>
          <span>Streaming and server-side ad insertion</span>
        </footer>
      </div>
      {asideOpen && (
        <AsidePanel
          id={asideId}
          session={session}
          sidebarSize={size}
          onSidebarSize={changeSize}
          onClose={() => setAsideOpen(false)}
        />
      )}
      <Suspense fallback={null}>
        {loaded.has('profile') && (
          <ProfileDialog opened={dialog === 'profile'} onClose={closeDialog} user={session.user} />
        )}
      </Suspense>
      <Suspense fallback={null}>
        {loaded.has('account') && (
          <AccountDialog opened={dialog === 'account'} onClose={closeDialog} user={session.user} />
        )}
      </Suspense>
      <Suspense fallback={null}>
        {loaded.has('deactivate') && (
          <DeactivateDialog opened={dialog === 'deactivate'} onClose={closeDialog} />
        )}
      </Suspense>
    </div>
  );
}
