/**
 * A detail screen's sections (Configuration, Ads, Logs…) as links, so each has its own URL; the
 * one shown carries aria-current="page".
 */
import { NavLink } from 'react-router';
import classes from './detail-tabs.module.css';
import { KIT_TEXTS } from './texts.ts';

export interface DetailTab {
  value: string;
  label: string;
  /** The section's path. */
  to: string;
}

export interface DetailTabsProps {
  tabs: readonly DetailTab[];
  /** The nav landmark's name. */
  label?: string;
}

export function DetailTabs({ tabs, label = KIT_TEXTS.detailTabs }: DetailTabsProps) {
  return (
    <nav aria-label={label}>
      <ul className={classes.list}>
        {tabs.map((tab) => (
          <li key={tab.value}>
            <NavLink to={tab.to} end className={classes.tab} data-tab={tab.value}>
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
