import { type EnterpriseFeature, lockedEntryFeature, type NavigationEntry } from '@cuepoint/core';
import { Menu, Tooltip } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ConceptIcon, IconChevronDown, NAV_ICONS } from '../../components/icons.tsx';
import { EnterpriseBadge, UpgradePrompt } from '../../components/plan/plan-lock.tsx';
import type { SidebarSize } from '../../lib/preferences.ts';
import classes from './shell.module.css';

const stripQuery = (path: string) => path.replace(/[?#].*$/, '');

/** An entry is current on its own path and below it (/streams-live/abc), or on its `matches`. */
export function isEntryActive(entry: NavigationEntry, pathname: string): boolean {
  const prefixes = [...(entry.path ? [stripQuery(entry.path)] : []), ...(entry.matches ?? [])];
  const own = prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));
  return own || (entry.children ?? []).some((child) => isEntryActive(child, pathname));
}

interface Props {
  entries: readonly NavigationEntry[];
  size: SidebarSize;
  /** Called after a link is followed (closes the overlay on a small screen). */
  onNavigate: () => void;
  /**
   * The plan of the user's customer: an entry of a feature outside it (Swagger, the admin API
   * documentation: core's `lockedEntryFeature`) stays visible but locked, and opens the upgrade prompt.
   */
  plan?: string;
}

/** The sidebar's entries (spec section 2) with collapsible dropdown groups. */
export function SidebarNav({ entries, size, onNavigate, plan = 'enterprise' }: Props) {
  const { pathname } = useLocation();
  const [prompt, setPrompt] = useState<EnterpriseFeature | null>(null);
  const item = { size, pathname, onNavigate, plan, onLocked: setPrompt };
  return (
    <>
      <ul className={classes.navList}>
        {entries.map((entry) => (
          <li key={entry.id}>
            {entry.children ? <NavGroup entry={entry} {...item} /> : <NavLeaf entry={entry} {...item} />}
          </li>
        ))}
      </ul>
      <UpgradePrompt feature={prompt} onClose={() => setPrompt(null)} />
    </>
  );
}

interface ItemProps {
  entry: NavigationEntry;
  size: SidebarSize;
  pathname: string;
  onNavigate: () => void;
  plan: string;
  onLocked: (feature: EnterpriseFeature) => void;
}

function EntryIcon({ id }: { id: string }) {
  const Icon = NAV_ICONS[id];
  return Icon ? <Icon className={classes.navIcon} size={20} /> : null;
}

/** In the minimised sidebar the label moves into a tooltip (it stays the link's accessible name). */
function withTooltip(size: SidebarSize, label: string, node: ReactNode) {
  return size === 'minimised' ? (
    <Tooltip label={label} position="right" withArrow>
      {node}
    </Tooltip>
  ) : (
    node
  );
}

function NavLeaf({ entry, size, pathname, onNavigate, plan, onLocked }: ItemProps) {
  const minimised = size === 'minimised';
  const label = minimised ? null : <span className={classes.navLabel}>{entry.label}</span>;
  const lockedBy = lockedEntryFeature(entry.id, plan);
  if (lockedBy) {
    return withTooltip(
      size,
      entry.label,
      <button
        type="button"
        className={classes.navItem}
        aria-label={minimised ? entry.label : undefined}
        aria-haspopup="dialog"
        data-nav-id={entry.id}
        data-locked=""
        onClick={() => onLocked(lockedBy)}
      >
        <EntryIcon id={entry.id} />
        {/* The entry's name stays whole; the badge takes the rest of the line. */}
        {minimised ? null : (
          <span className={classes.navLabel} style={{ flex: 'none' }}>
            {entry.label}
          </span>
        )}
        {!minimised && <EnterpriseBadge compact />}
      </button>,
    );
  }
  if (entry.href) {
    return withTooltip(
      size,
      entry.label,
      <a
        className={classes.navItem}
        href={entry.href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={minimised ? `${entry.label} (opens in a new tab)` : undefined}
        data-nav-id={entry.id}
      >
        <EntryIcon id={entry.id} />
        {label}
        {!minimised && <ConceptIcon concept="external" size={14} className={classes.chevron} />}
      </a>,
    );
  }
  const active = isEntryActive(entry, pathname);
  return withTooltip(
    size,
    entry.label,
    <Link
      className={classes.navItem}
      to={entry.path!}
      aria-current={active ? 'page' : undefined}
      aria-label={minimised ? entry.label : undefined}
      data-nav-id={entry.id}
      onClick={onNavigate}
    >
      <EntryIcon id={entry.id} />
      {label}
    </Link>,
  );
}

function NavGroup(props: ItemProps) {
  const { entry, size, pathname, onNavigate, plan, onLocked } = props;
  const active = isEntryActive(entry, pathname);
  const [opened, setOpened] = useState(active);
  const listId = useId();
  const children = entry.children!;

  if (size === 'minimised') {
    return (
      <Menu position="right-start" offset={6} withArrow trigger="click-hover" openDelay={80} closeDelay={150}>
        <Menu.Target>
          <button
            type="button"
            className={classes.navItem}
            aria-label={entry.label}
            aria-current={active ? 'page' : undefined}
            data-nav-id={entry.id}
          >
            <EntryIcon id={entry.id} />
          </button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{entry.label}</Menu.Label>
          {children.map((child) => {
            const lockedBy = lockedEntryFeature(child.id, plan);
            if (lockedBy)
              return (
                <Menu.Item
                  key={child.id}
                  onClick={() => onLocked(lockedBy)}
                  rightSection={<EnterpriseBadge compact />}
                  data-nav-id={child.id}
                  data-locked=""
                >
                  {child.label}
                </Menu.Item>
              );
            return child.href ? (
              <Menu.Item
                key={child.id}
                component="a"
                href={child.href}
                target="_blank"
                rel="noopener noreferrer"
              >
                {child.label}
              </Menu.Item>
            ) : (
              <Menu.Item
                key={child.id}
                component={Link}
                to={child.path!}
                onClick={onNavigate}
                aria-current={isEntryActive(child, pathname) ? 'page' : undefined}
                data-nav-id={child.id}
              >
                {child.label}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
    );
  }

  return (
    <>
      <button
        type="button"
        className={classes.navItem}
        aria-expanded={opened}
        aria-controls={listId}
        data-nav-id={entry.id}
        onClick={() => setOpened((o) => !o)}
      >
        <EntryIcon id={entry.id} />
        <span className={classes.navLabel}>{entry.label}</span>
        <IconChevronDown size={16} className={classes.chevron} />
      </button>
      <ul id={listId} className={classes.navList} hidden={!opened}>
        {children.map((child) => (
          <li key={child.id}>
            <NavLeaf {...props} entry={child} />
          </li>
        ))}
      </ul>
    </>
  );
}
