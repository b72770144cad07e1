/**
 * The console's icon set: small stroke icons drawn on a 24x24 grid, inline SVG, no dependency.
 * They inherit the text colour (`currentColor`) and are hidden from assistive technology, so the
 * label next to them (or the control's aria-label) names the action.
 */
import type { ComponentType, SVGProps } from 'react';

export type IconProps = { size?: number } & SVGProps<SVGSVGElement>;

function Svg({ size = 20, children, ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** Overview: a dashboard of four tiles. */
export const IconDashboard = (props: IconProps) => (
  <Svg {...props}>
    <rect x="4" y="4" width="6" height="8" rx="1" />
    <rect x="4" y="16" width="6" height="4" rx="1" />
    <rect x="14" y="12" width="6" height="8" rx="1" />
    <rect x="14" y="4" width="6" height="4" rx="1" />
  </Svg>
);

/** Streams, live: a point sending waves both ways. */
export const IconBroadcast = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="12" r="1.5" />
    <path d="M8.5 15.5a5 5 0 0 1 0-7M15.5 8.5a5 5 0 0 1 0 7M5.6 18.4a9 9 0 0 1 0-12.8M18.4 5.6a9 9 0 0 1 0 12.8" />
  </Svg>
);

/** VOD: a video camera. */
export const IconVideo = (props: IconProps) => (
  <Svg {...props}>
    <rect x="3" y="6" width="12" height="12" rx="2" />
    <path d="M15 10l4.55-2.28A1 1 0 0 1 21 8.62v6.76a1 1 0 0 1-1.45.9L15 14z" />
  </Svg>
);

/** Streamer: a list with a note. */
export const IconPlaylist = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 6h10M4 10h10M4 14h6M17.5 17V5h3" />
    <circle cx="15" cy="17" r="2.5" />
  </Svg>
);

/** Monitor: a pulse line. */
export const IconActivity = (props: IconProps) => (
  <Svg {...props}>
    <path d="M3 12h4l3-8 4 16 3-8h4" />
  </Svg>
);

/** Playout: a play triangle. */
export const IconPlayerPlay = (props: IconProps) => (
  <Svg {...props}>
    <path d="M7 4v16l13-8z" />
  </Svg>
);

/** Slates: a clapperboard. */
export const IconSlate = (props: IconProps) => (
  <Svg {...props}>
    <path d="M3 10h18v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM3 10V7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v3" />
    <path d="M8 5l-2 5M13 5l-2 5M18 5l-2 5" />
  </Svg>
);

/** Demand: a stack of coins. */
export const IconCoins = (props: IconProps) => (
  <Svg {...props}>
    <ellipse cx="12" cy="6" rx="7" ry="3" />
    <path d="M5 6v4c0 1.66 3.13 3 7 3s7-1.34 7-3V6M5 10v4c0 1.66 3.13 3 7 3s7-1.34 7-3v-4M5 14v4c0 1.66 3.13 3 7 3s7-1.34 7-3v-4" />
  </Svg>
);

/** Event Scheduler: a calendar with one day marked. */
export const IconCalendarEvent = (props: IconProps) => (
  <Svg {...props}>
    <rect x="4" y="5" width="16" height="16" rx="2" />
    <path d="M16 3v4M8 3v4M4 11h16" />
    <rect x="8" y="15" width="2" height="2" />
  </Svg>
);

/** User: head and shoulders. */
export const IconUser = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="8" r="4" />
    <path d="M6 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2" />
  </Svg>
);

/** Notification and the header's alarm bell. */
export const IconBell = (props: IconProps) => (
  <Svg {...props}>
    <path d="M6 10a6 6 0 0 1 12 0v3.5l2 3.5H4l2-3.5zM10 17v1a2 2 0 0 0 4 0v-1M12 2v2" />
  </Svg>
);

/** Encoder: a chip. */
export const IconCpu = (props: IconProps) => (
  <Svg {...props}>
    <rect x="6" y="6" width="12" height="12" rx="1.5" />
    <rect x="9.5" y="9.5" width="5" height="5" />
    <path d="M9 3v3M15 3v3M9 18v3M15 18v3M3 9h3M3 15h3M18 9h3M18 15h3" />
  </Svg>
);

/** API Documentation: an open book. */
export const IconBook = (props: IconProps) => (
  <Svg {...props}>
    <path d="M3 19a9 9 0 0 1 9 0a9 9 0 0 1 9 0M3 6a9 9 0 0 1 9 0a9 9 0 0 1 9 0M3 6v13M12 6v13M21 6v13" />
  </Svg>
);

/** Alarms: a warning triangle. */
export const IconAlertTriangle = (props: IconProps) => (
  <Svg {...props}>
    <path d="M10.3 4.2a2 2 0 0 1 3.4 0l7.6 13.3a2 2 0 0 1-1.7 3H4.4a2 2 0 0 1-1.7-3zM12 9v4M12 16.5h.01" />
  </Svg>
);

/** Reports: a document with a bar chart. */
export const IconReport = (props: IconProps) => (
  <Svg {...props}>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M9 17v-3M12 17v-5M15 17v-2" />
  </Svg>
);

/** Customers: an office building. */
export const IconBuilding = (props: IconProps) => (
  <Svg {...props}>
    <path d="M3 21h18M5 21V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v16M9 7h1M14 7h1M9 11h1M14 11h1M10 21v-3a2 2 0 0 1 4 0v3" />
  </Svg>
);

/** System: a gear. */
export const IconSettings = (props: IconProps) => (
  <Svg {...props}>
    <path d="M9.84 5.34L10.19 2.67A9.5 9.5 0 0 1 13.81 2.67L14.16 5.34A7 7 0 0 1 16.68 6.8L19.17 5.77A9.5 9.5 0 0 1 20.98 8.91L18.85 10.54A7 7 0 0 1 18.85 13.46L20.98 15.09A9.5 9.5 0 0 1 19.17 18.23L16.68 17.2A7 7 0 0 1 14.16 18.66L13.81 21.33A9.5 9.5 0 0 1 10.19 21.33L9.84 18.66A7 7 0 0 1 7.32 17.2L4.83 18.23A9.5 9.5 0 0 1 3.02 15.09L5.15 13.46A7 7 0 0 1 5.15 10.54L3.02 8.91A9.5 9.5 0 0 1 4.83 5.77L7.32 6.8A7 7 0 0 1 9.84 5.34Z" />
    <circle cx="12" cy="12" r="3" />
  </Svg>
);

/** Billing: a payment card. */
export const IconCreditCard = (props: IconProps) => (
  <Svg {...props}>
    <rect x="3" y="5" width="18" height="14" rx="3" />
    <path d="M3 10h18M7 15h.01M11 15h2" />
  </Svg>
);

/** LIVE Demo: a television. */
export const IconDeviceTv = (props: IconProps) => (
  <Svg {...props}>
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <path d="M16 3l-4 4-4-4" />
  </Svg>
);

/** Knowledge Base: a question mark in a circle. */
export const IconHelp = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01" />
  </Svg>
);

/** Manual (external link): a box with an arrow leaving it. */
export const IconExternal = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 6H6a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6M11 13l9-9M15 4h5v5" />
  </Svg>
);

/** Header: the sidebar toggle. */
export const IconMenu = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Svg>
);

export const IconChevronDown = (props: IconProps) => (
  <Svg {...props}>
    <path d="M6 9l6 6 6-6" />
  </Svg>
);

export const IconChevronRight = (props: IconProps) => (
  <Svg {...props}>
    <path d="M9 6l6 6-6 6" />
  </Svg>
);

/** Sidebar minimise: a panel with a chevron pointing left. */
export const IconLayoutCollapse = (props: IconProps) => (
  <Svg {...props}>
    <rect x="4" y="4" width="16" height="16" rx="2" />
    <path d="M9 4v16M15.5 9.5 13 12l2.5 2.5" />
  </Svg>
);

/** The aside panel: a panel on the right-hand side. */
export const IconLayoutSidebarRight = (props: IconProps) => (
  <Svg {...props}>
    <rect x="4" y="4" width="16" height="16" rx="2" />
    <path d="M15 4v16" />
  </Svg>
);

/** Light mode. */
export const IconSun = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M4.93 19.07l1.41-1.41M17.66 6.34l1.41-1.41" />
  </Svg>
);

/** Dark mode. */
export const IconMoon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M20 14.5A8.5 8.5 0 1 1 9.5 4a7 7 0 0 0 10.5 10.5z" />
  </Svg>
);

/** Logout: a door with an arrow leaving it. */
export const IconLogout = (props: IconProps) => (
  <Svg {...props}>
    <path d="M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2M9 12h12M18 9l3 3-3 3" />
  </Svg>
);

/** Text direction (RTL switch): a pilcrow over a two-way arrow. */
export const IconTextDirection = (props: IconProps) => (
  <Svg {...props}>
    <path d="M16 3v10M12 3v10M18 3h-7.5a3.5 3.5 0 0 0 0 7H12M5 18h14M7 16l-2 2 2 2M17 16l2 2-2 2" />
  </Svg>
);

/** Copy (e.g. the API token). */
export const IconCopy = (props: IconProps) => (
  <Svg {...props}>
    <rect x="8" y="8" width="12" height="12" rx="2" />
    <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
  </Svg>
);

/** More actions: three dots in a row (a More menu, a row's action menu). */
export const IconDots = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="5" cy="12" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="19" cy="12" r="1" />
  </Svg>
);

/** Delete: a bin. */
export const IconTrash = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
  </Svg>
);

/**
 * Status marks (a plan feature's check or cross, a field's hint) are drawn a little heavier and
 * smaller than the navigation icons, so they read at the size of the text beside them.
 */
const MARK = { size: 18, strokeWidth: 2 } as const;

/** Included: a check mark. */
export const IconCheck = (props: IconProps) => (
  <Svg {...MARK} {...props}>
    <path d="M5 12l5 5L20 7" />
  </Svg>
);

/** Not included: a cross. */
export const IconCross = (props: IconProps) => (
  <Svg {...MARK} {...props}>
    <path d="M18 6L6 18M6 6l12 12" />
  </Svg>
);

/** A hint: an "i" in a circle. */
export const IconInfo = (props: IconProps) => (
  <Svg {...MARK} {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 16v-4M12 8h.01" />
  </Svg>
);

/** The sidebar's icon for each navigation entry id (`visibleNavigation` in @cuepoint/core). */
export const NAV_ICONS: Record<string, ComponentType<IconProps>> = {
  overview: IconDashboard,
  streams: IconBroadcast,
  'streams-live': IconBroadcast,
  'streams-vod': IconVideo,
  'streamer-addon': IconPlaylist,
  'streams-monitor': IconActivity,
  playout: IconPlayerPlay,
  slates: IconSlate,
  demand: IconCoins,
  bundles: IconCoins,
  pods: IconPlaylist,
  placements: IconDashboard,
  campaigns: IconCalendarEvent,
  advertisers: IconBuilding,
  creatives: IconVideo,
  inventory: IconReport,
  insights: IconActivity,
  'event-scheduler': IconCalendarEvent,
  user: IconUser,
  notification: IconBell,
  encoder: IconCpu,
  'api-documentation': IconBook,
  'docs-old': IconBook,
  'docs-new': IconBook,
  'docs-admin': IconBook,
  'docs-swagger': IconBook,
  alarms: IconAlertTriangle,
  reports: IconReport,
  customers: IconBuilding,
  system: IconSettings,
  configuration: IconSettings,
  monitoring: IconActivity,
  'billing-admin': IconCreditCard,
  'create-billing': IconCreditCard,
  'billing-history': IconReport,
  billing: IconCreditCard,
  'live-demo': IconDeviceTv,
  'knowledge-base': IconHelp,
  manual: IconExternal,
};
