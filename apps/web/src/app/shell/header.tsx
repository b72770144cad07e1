import { actorAllows, entryPath, TEXTS } from '@cuepoint/core';
import {
  ActionIcon,
  Box,
  Button,
  Menu,
  SegmentedControl,
  Switch,
  Text,
  Tooltip,
  useComputedColorScheme,
  useMantineColorScheme,
  VisuallyHidden,
} from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand-logo.tsx';
import {
  ConceptIcon,
  IconLayoutCollapse,
  IconLayoutSidebarRight,
  IconMenu,
  IconMoon,
  IconSun,
} from '../../components/icons.tsx';
import { AlarmBell } from '../../features/alarms/components/alarm-bell.tsx';
import { LIVE_DEMO_PARAMS } from '../../features/live-demo/params.ts';
import { useCustomerLogo } from '../../features/logo/api/get-logo.ts';
import { PATHS } from '../../lib/paths.ts';
import type { SidebarSize } from '../../lib/preferences.ts';
import type { SessionLoaderData } from '../../lib/session.ts';
import { enterUserView, leaveUserView, signOutOfLoginAs } from '../../lib/view-mode.ts';
import classes from './shell.module.css';

export const SETTINGS_ENTRIES = {
  profile: TEXTS.myProfile,
  account: TEXTS.myAccount,
  deactivate: TEXTS.deactivateAccount,
  logout: TEXTS.logout,
} as const;
export type SettingsEntry = keyof typeof SETTINGS_ENTRIES;

const LoginAsDialog = lazy(() => import('../../features/login-as/components/login-as-dialog.tsx'));

/** The live-demo route, the only one whose header shows the customer's logo (spec section 2). */
export const LIVE_DEMO_PATH = entryPath('live-demo');
export const LOGIN_AS_ENTRY = 'Login as…';

export const VIEW_OPTIONS = { admin: TEXTS.adminView, user: TEXTS.userView } as const;

interface Props {
  session: SessionLoaderData;
  sidebarId: string;
  sidebarSize: SidebarSize;
  sidebarShown: boolean;
  onToggleSidebar: () => void;
  onToggleMinimised: () => void;
  asideId: string;
  asideOpen: boolean;
  onToggleAside: () => void;
  onSettings: (entry: SettingsEntry) => void;
}

/** The header of the default layout (spec section 2). */
export function Header(props: Props) {
  const { session, sidebarSize } = props;
  const { user, isMainAdmin, loginAs, userView } = session;
  const presentedAdmin = user.profile.isMainAdmin;
  // Dark-mode switch and Admin View/User View selector: main admin or demo (User View) only.
  const canSwitchView = (isMainAdmin && !loginAs) || userView;
  const minimised = sidebarSize === 'minimised';
  const location = useLocation();
  const onLiveDemo = location.pathname === LIVE_DEMO_PATH;
  // The LIVE Demo shows the logo of the customer whose stream it plays (else the signed-in one's).
  const demoCustomer = onLiveDemo
    ? new URLSearchParams(location.search).get(LIVE_DEMO_PARAMS.customer)
    : null;
  const logo = useCustomerLogo(onLiveDemo, demoCustomer);
  // A main administrator, as itself, may act as another user.
  const canLoginAs = isMainAdmin && !loginAs && !userView;
  // My Account (plan, settings, API token) and De-Activate are a team owner's (issue 18: roles).
  const owner = actorAllows({ isMainAdmin, role: user.role }, 'manage');
  const [loginAsOpen, setLoginAsOpen] = useState(false);

  return (
    <header className={classes.header}>
      <Link className={classes.brand} to={PATHS.overview} aria-label="Cuepoint overview">
        <BrandLogo minimised={minimised} />
      </Link>
      <div className={classes.headerTools}>
        <Tooltip label={props.sidebarShown ? 'Hide the sidebar' : 'Show the sidebar'}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Toggle the sidebar"
            aria-controls={props.sidebarId}
            aria-expanded={props.sidebarShown}
            onClick={props.onToggleSidebar}
            data-testid="sidebar-toggle"
          >
            <IconMenu size={20} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={minimised ? 'Expand the sidebar' : 'Minimise the sidebar'}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            visibleFrom="sm"
            aria-label="Minimise the sidebar"
            aria-pressed={minimised}
            onClick={props.onToggleMinimised}
            data-testid="sidebar-minimise"
          >
            <IconLayoutCollapse size={20} className={classes.mirror} />
          </ActionIcon>
        </Tooltip>
        {onLiveDemo && logo.data && (
          <img
            src={logo.data}
            alt="Customer logo"
            className={classes.customerLogo}
            data-testid="customer-logo"
          />
        )}
        <div className={classes.headerEnd}>
          {/* Below 576 px the header has no room for it (the page scrolled sideways): the aside's Display tab has it. */}
          {canSwitchView && (
            <Box visibleFrom="xs">
              <ColorSchemeSwitch />
            </Box>
          )}
          {canSwitchView && (
            <SegmentedControl
              size="xs"
              visibleFrom="xs"
              aria-label="View"
              data={[VIEW_OPTIONS.admin, VIEW_OPTIONS.user]}
              value={userView ? VIEW_OPTIONS.user : VIEW_OPTIONS.admin}
              onChange={(value) => {
                if (value === VIEW_OPTIONS.user && !userView) enterUserView(user._id);
                if (value === VIEW_OPTIONS.admin && userView) leaveUserView();
              }}
            />
          )}
          <Text className={classes.email} visibleFrom="md" data-testid="header-email" title={user.email}>
            {user.email}
          </Text>
          {presentedAdmin && <AlarmBell />}
          {loginAs && (
            <Button
              size="xs"
              color="red.9"
              leftSection={<ConceptIcon concept="logout" size={16} />}
              onClick={() => signOutOfLoginAs()}
            >
              {TEXTS.signOut}
            </Button>
          )}
          <Menu position="bottom-end" width={220} withArrow>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Settings">
                <ConceptIcon concept="settings" size={20} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{user.email}</Menu.Label>
              <Menu.Item onClick={() => props.onSettings('profile')}>{SETTINGS_ENTRIES.profile}</Menu.Item>
              {owner && (
                <Menu.Item onClick={() => props.onSettings('account')}>{SETTINGS_ENTRIES.account}</Menu.Item>
              )}
              {canLoginAs && <Menu.Item onClick={() => setLoginAsOpen(true)}>{LOGIN_AS_ENTRY}</Menu.Item>}
              {/* Not for the main admin; during login-as the administrator may not close the account. */}
              {!isMainAdmin && !loginAs && owner && (
                <Menu.Item className={classes.danger} onClick={() => props.onSettings('deactivate')}>
                  {SETTINGS_ENTRIES.deactivate}
                </Menu.Item>
              )}
              <Menu.Divider />
              <Menu.Item
                leftSection={<ConceptIcon concept="logout" size={16} />}
                onClick={() => props.onSettings('logout')}
              >
                {SETTINGS_ENTRIES.logout}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Tooltip label={props.asideOpen ? 'Close the side panel' : 'Open the side panel'}>
            <ActionIcon
              variant={props.asideOpen ? 'light' : 'subtle'}
              color="gray"
              size="lg"
              aria-label="Side panel"
              aria-controls={props.asideId}
              aria-expanded={props.asideOpen}
              onClick={props.onToggleAside}
            >
              <IconLayoutSidebarRight size={20} className={classes.mirror} />
            </ActionIcon>
          </Tooltip>
        </div>
      </div>
      {loginAsOpen && (
        <Suspense fallback={null}>
          <LoginAsDialog opened onClose={() => setLoginAsOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}

/** The dark-mode switch (persisted in this browser). */
export function ColorSchemeSwitch() {
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light') === 'dark';
  return (
    <Switch
      size="md"
      checked={dark}
      onChange={(event) => setColorScheme(event.currentTarget.checked ? 'dark' : 'light')}
      onLabel={<IconMoon size={14} />}
      offLabel={<IconSun size={14} />}
      label={<VisuallyHidden>Dark mode</VisuallyHidden>}
      data-testid="dark-mode-switch"
    />
  );
}
