/**
 * The console's icon set: small stroke icons drawn on a 24x24 grid, inline SVG, no dependency.
 * They inherit the text colour (`currentColor`) and are hidden from assistive technology, so the
 * label next to them (or the control's aria-label) names the action.
 */
import type { ComponentType, SVGProps } from 'react';

export type IconProps = { size?: number } & SVGProps<SVGSVGElement>;
export type Icon = ComponentType<IconProps>;

/** `name` is the drawing's (`data-icon`): tests tell by it which icon a page shows. */
function Svg({ size = 20, name, children, style, ...props }: IconProps & { name: string }) {
  return (
    <svg
      // Beside a label that wraps, the icon keeps its size.
      style={{ flexShrink: 0, ...style }}
      data-icon={name}
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
  <Svg name="dashboard" {...props}>
    <rect x="4" y="4" width="6" height="8" rx="1" />
    <rect x="4" y="16" width="6" height="4" rx="1" />
    <rect x="14" y="12" width="6" height="8" rx="1" />
    <rect x="14" y="4" width="6" height="4" rx="1" />
  </Svg>
);

/** Streams, live: a point sending waves both ways. */
export const IconBroadcast = (props: IconProps) => (
  <Svg name="broadcast" {...props}>
    <circle cx="12" cy="12" r="1.5" />
    <path d="M8.5 15.5a5 5 0 0 1 0-7M15.5 8.5a5 5 0 0 1 0 7M5.6 18.4a9 9 0 0 1 0-12.8M18.4 5.6a9 9 0 0 1 0 12.8" />
  </Svg>
);

/** VOD: a video camera. */
export const IconVideo = (props: IconProps) => (
  <Svg name="video" {...props}>
    <rect x="3" y="6" width="12" height="12" rx="2" />
    <path d="M15 10l4.55-2.28A1 1 0 0 1 21 8.62v6.76a1 1 0 0 1-1.45.9L15 14z" />
  </Svg>
);

/** Streamer: a list with a note. */
export const IconPlaylist = (props: IconProps) => (
  <Svg name="playlist" {...props}>
    <path d="M4 6h10M4 10h10M4 14h6M17.5 17V5h3" />
    <circle cx="15" cy="17" r="2.5" />
  </Svg>
);

/** Monitor: a pulse line. */
export const IconActivity = (props: IconProps) => (
  <Svg name="activity" {...props}>
    <path d="M3 12h4l3-8 4 16 3-8h4" />
  </Svg>
);

/** Playout: a play triangle. */
export const IconPlayerPlay = (props: IconProps) => (
  <Svg name="player-play" {...props}>
    <path d="M7 4v16l13-8z" />
  </Svg>
);

/** Slates: a clapperboard. */
export const IconSlate = (props: IconProps) => (
  <Svg name="slate" {...props}>
    <path d="M3 10h18v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM3 10V7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v3" />
    <path d="M8 5l-2 5M13 5l-2 5M18 5l-2 5" />
  </Svg>
);

/** Demand: a stack of coins. */
export const IconCoins = (props: IconProps) => (
  <Svg name="coins" {...props}>
    <ellipse cx="12" cy="6" rx="7" ry="3" />
    <path d="M5 6v4c0 1.66 3.13 3 7 3s7-1.34 7-3V6M5 10v4c0 1.66 3.13 3 7 3s7-1.34 7-3v-4M5 14v4c0 1.66 3.13 3 7 3s7-1.34 7-3v-4" />
  </Svg>
);

/** Event Scheduler: a calendar with one day marked. */
export const IconCalendarEvent = (props: IconProps) => (
  <Svg name="calendar-event" {...props}>
    <rect x="4" y="5" width="16" height="16" rx="2" />
    <path d="M16 3v4M8 3v4M4 11h16" />
    <rect x="8" y="15" width="2" height="2" />
  </Svg>
);

/** Picking a date (a date field's picker button): a plain calendar page. */
export const IconCalendar = (props: IconProps) => (
  <Svg name="calendar" {...props}>
    <rect x="4" y="5" width="16" height="16" rx="2" />
    <path d="M16 3v4M8 3v4M4 11h16M8 15h.01M12 15h.01M16 15h.01M8 18h.01M12 18h.01" />
  </Svg>
);

/** User: head and shoulders. */
export const IconUser = (props: IconProps) => (
  <Svg name="user" {...props}>
    <circle cx="12" cy="8" r="4" />
    <path d="M6 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2" />
  </Svg>
);

/** Alarms: the sidebar's entry and the header's alarm bell. */
export const IconBell = (props: IconProps) => (
  <Svg name="bell" {...props}>
    <path d="M6 10a6 6 0 0 1 12 0v3.5l2 3.5H4l2-3.5zM10 17v1a2 2 0 0 0 4 0v-1M12 2v2" />
  </Svg>
);

/** Encoder: a chip. */
export const IconCpu = (props: IconProps) => (
  <Svg name="cpu" {...props}>
    <rect x="6" y="6" width="12" height="12" rx="1.5" />
    <rect x="9.5" y="9.5" width="5" height="5" />
    <path d="M9 3v3M15 3v3M9 18v3M15 18v3M3 9h3M3 15h3M18 9h3M18 15h3" />
  </Svg>
);

/** API Documentation: an open book. */
export const IconBook = (props: IconProps) => (
  <Svg name="book" {...props}>
    <path d="M3 19a9 9 0 0 1 9 0a9 9 0 0 1 9 0M3 6a9 9 0 0 1 9 0a9 9 0 0 1 9 0M3 6v13M12 6v13M21 6v13" />
  </Svg>
);

/** A warning: a triangle with an exclamation mark. */
export const IconAlertTriangle = (props: IconProps) => (
  <Svg name="alert-triangle" {...props}>
    <path d="M10.3 4.2a2 2 0 0 1 3.4 0l7.6 13.3a2 2 0 0 1-1.7 3H4.4a2 2 0 0 1-1.7-3zM12 9v4M12 16.5h.01" />
  </Svg>
);

/** Reports: a document with a bar chart. */
export const IconReport = (props: IconProps) => (
  <Svg name="report" {...props}>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M9 17v-3M12 17v-5M15 17v-2" />
  </Svg>
);

/** Customers: an office building. */
export const IconBuilding = (props: IconProps) => (
  <Svg name="building" {...props}>
    <path d="M3 21h18M5 21V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v16M9 7h1M14 7h1M9 11h1M14 11h1M10 21v-3a2 2 0 0 1 4 0v3" />
  </Svg>
);

/** Settings (the header's menu): a gear. */
export const IconSettings = (props: IconProps) => (
  <Svg name="settings" {...props}>
    <path d="M9.84 5.34L10.19 2.67A9.5 9.5 0 0 1 13.81 2.67L14.16 5.34A7 7 0 0 1 16.68 6.8L19.17 5.77A9.5 9.5 0 0 1 20.98 8.91L18.85 10.54A7 7 0 0 1 18.85 13.46L20.98 15.09A9.5 9.5 0 0 1 19.17 18.23L16.68 17.2A7 7 0 0 1 14.16 18.66L13.81 21.33A9.5 9.5 0 0 1 10.19 21.33L9.84 18.66A7 7 0 0 1 7.32 17.2L4.83 18.23A9.5 9.5 0 0 1 3.02 15.09L5.15 13.46A7 7 0 0 1 5.15 10.54L3.02 8.91A9.5 9.5 0 0 1 4.83 5.77L7.32 6.8A7 7 0 0 1 9.84 5.34Z" />
    <circle cx="12" cy="12" r="3" />
  </Svg>
);

/** Billing: a payment card. */
export const IconCreditCard = (props: IconProps) => (
  <Svg name="credit-card" {...props}>
    <rect x="3" y="5" width="18" height="14" rx="3" />
    <path d="M3 10h18M7 15h.01M11 15h2" />
  </Svg>
);

/** LIVE Demo: a television. */
export const IconDeviceTv = (props: IconProps) => (
  <Svg name="device-tv" {...props}>
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <path d="M16 3l-4 4-4-4" />
  </Svg>
);

/** Knowledge Base: a question mark in a circle. */
export const IconHelp = (props: IconProps) => (
  <Svg name="help" {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01" />
  </Svg>
);

/** A link that opens outside the console: a box with an arrow leaving it. */
export const IconExternal = (props: IconProps) => (
  <Svg name="external" {...props}>
    <path d="M12 6H6a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6M11 13l9-9M15 4h5v5" />
  </Svg>
);

/** Header: the sidebar toggle. */
export const IconMenu = (props: IconProps) => (
  <Svg name="menu" {...props}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Svg>
);

export const IconChevronDown = (props: IconProps) => (
  <Svg name="chevron-down" {...props}>
    <path d="M6 9l6 6 6-6" />
  </Svg>
);

export const IconChevronRight = (props: IconProps) => (
  <Svg name="chevron-right" {...props}>
    <path d="M9 6l6 6-6 6" />
  </Svg>
);

/** Sidebar minimise: a panel with a chevron pointing left. */
export const IconLayoutCollapse = (props: IconProps) => (
  <Svg name="layout-collapse" {...props}>
    <rect x="4" y="4" width="16" height="16" rx="2" />
    <path d="M9 4v16M15.5 9.5 13 12l2.5 2.5" />
  </Svg>
);

/** The aside panel: a panel on the right-hand side. */
export const IconLayoutSidebarRight = (props: IconProps) => (
  <Svg name="layout-sidebar-right" {...props}>
    <rect x="4" y="4" width="16" height="16" rx="2" />
    <path d="M15 4v16" />
  </Svg>
);

/** Light mode. */
export const IconSun = (props: IconProps) => (
  <Svg name="sun" {...props}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M4.93 19.07l1.41-1.41M17.66 6.34l1.41-1.41" />
  </Svg>
);

/** Dark mode. */
export const IconMoon = (props: IconProps) => (
  <Svg name="moon" {...props}>
    <path d="M20 14.5A8.5 8.5 0 1 1 9.5 4a7 7 0 0 0 10.5 10.5z" />
  </Svg>
);

/** Logout: a door with an arrow leaving it. */
export const IconLogout = (props: IconProps) => (
  <Svg name="logout" {...props}>
    <path d="M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2M9 12h12M18 9l3 3-3 3" />
  </Svg>
);

/** Text direction (RTL switch): a pilcrow over a two-way arrow. */
export const IconTextDirection = (props: IconProps) => (
  <Svg name="text-direction" {...props}>
    <path d="M16 3v10M12 3v10M18 3h-7.5a3.5 3.5 0 0 0 0 7H12M5 18h14M7 16l-2 2 2 2M17 16l2 2-2 2" />
  </Svg>
);

/** Copy (e.g. the API token). */
export const IconCopy = (props: IconProps) => (
  <Svg name="copy" {...props}>
    <rect x="8" y="8" width="12" height="12" rx="2" />
    <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
  </Svg>
);

/** More actions: three dots in a row (a More menu, a row's action menu). */
export const IconDots = (props: IconProps) => (
  <Svg name="dots" {...props}>
    <circle cx="5" cy="12" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="19" cy="12" r="1" />
  </Svg>
);

/** Delete: a bin. */
export const IconTrash = (props: IconProps) => (
  <Svg name="trash" {...props}>
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
  <Svg name="check" {...MARK} {...props}>
    <path d="M5 12l5 5L20 7" />
  </Svg>
);

/** Not included: a cross. */
export const IconCross = (props: IconProps) => (
  <Svg name="cross" {...MARK} {...props}>
    <path d="M18 6L6 18M6 6l12 12" />
  </Svg>
);

/** A hint: an "i" in a circle. */
export const IconInfo = (props: IconProps) => (
  <Svg name="info" {...MARK} {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 16v-4M12 8h.01" />
  </Svg>
);

/** Streams (the group): layers. */
export const IconStack = (props: IconProps) => (
  <Svg name="stack" {...props}>
    <path d="M12 4l8 4-8 4-8-4zM4 12l8 4 8-4M4 16l8 4 8-4" />
  </Svg>
);

/** Bundles: a parcel. */
export const IconPackage = (props: IconProps) => (
  <Svg name="package" {...props}>
    <path d="M12 3l8 4.5v9L12 21l-8-4.5v-9zM12 12l8-4.5M12 12v9M12 12L4 7.5M16 5.25l-8 4.5" />
  </Svg>
);

/** Pods (ad pods): boxes stacked. */
export const IconBoxMultiple = (props: IconProps) => (
  <Svg name="box-multiple" {...props}>
    <rect x="8" y="3" width="13" height="13" rx="2" />
    <path d="M16 20a1 1 0 0 1-1 1H5a2 2 0 0 1-2-2V9a1 1 0 0 1 1-1" />
  </Svg>
);

/** Placements: a target. */
export const IconTarget = (props: IconProps) => (
  <Svg name="target" {...props}>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="5" />
    <circle cx="12" cy="12" r="1" />
  </Svg>
);

/** Campaigns: a megaphone. */
export const IconSpeakerphone = (props: IconProps) => (
  <Svg name="speakerphone" {...props}>
    <path d="M18 8a3 3 0 0 1 0 6M10 8v11a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1v-5M12 8l4.5-3.8a.9.9 0 0 1 1.5.7v12.2a.9.9 0 0 1-1.5.7L12 14H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
  </Svg>
);

/** Advertisers: a briefcase. */
export const IconBriefcase = (props: IconProps) => (
  <Svg name="briefcase" {...props}>
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <path d="M8 7V5a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M3 13a20 20 0 0 0 18 0" />
  </Svg>
);

/** Creatives: a picture. */
export const IconPhoto = (props: IconProps) => (
  <Svg name="photo" {...props}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="8.5" cy="9.5" r="1.5" />
    <path d="M21 15l-5-5L5 20" />
  </Svg>
);

/** Inventory: a warehouse. */
export const IconWarehouse = (props: IconProps) => (
  <Svg name="warehouse" {...props}>
    <path d="M3 21V8l9-5 9 5v13M7 21v-8h10v8M7 17h10" />
  </Svg>
);

/** Insights: a light bulb. */
export const IconBulb = (props: IconProps) => (
  <Svg name="bulb" {...props}>
    <path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-4 10.5c.6.6 1 1.5 1 2.5h6c0-1 .4-1.9 1-2.5A6 6 0 0 0 12 3z" />
  </Svg>
);

/** Notification (the messages users are sent): a speech bubble. */
export const IconMessage = (props: IconProps) => (
  <Svg name="message" {...props}>
    <path d="M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1h-9l-5 4v-4H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zM8 9h8M8 13h5" />
  </Svg>
);

/** System (the group): a server rack. */
export const IconServer = (props: IconProps) => (
  <Svg name="server" {...props}>
    <rect x="3" y="4" width="18" height="7" rx="2" />
    <rect x="3" y="13" width="18" height="7" rx="2" />
    <path d="M7 7.5h.01M7 16.5h.01" />
  </Svg>
);

/** Configuration: sliders. */
export const IconAdjustments = (props: IconProps) => (
  <Svg name="adjustments" {...props}>
    <path d="M4 6h8M16 6h4M4 12h2M10 12h10M4 18h11M19 18h1" />
    <circle cx="14" cy="6" r="2" />
    <circle cx="8" cy="12" r="2" />
    <circle cx="17" cy="18" r="2" />
  </Svg>
);

/** Monitoring (the system's): a gauge. */
export const IconGauge = (props: IconProps) => (
  <Svg name="gauge" {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 12l3.5-3.5M7 12h.01M12 7h.01M17 12h.01" />
  </Svg>
);

/** Billing history: a receipt. */
export const IconReceipt = (props: IconProps) => (
  <Svg name="receipt" {...props}>
    <path d="M5 21V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v16l-3-2-2 2-2-2-2 2-2-2zM9 8h6M9 12h6M9 16h3" />
  </Svg>
);

/** Sign-in sessions: a door with an arrow entering it. */
export const IconLogin = (props: IconProps) => (
  <Svg name="login" {...props}>
    <path d="M10 8V6a2 2 0 0 1 2-2h7a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-7a2 2 0 0 1-2-2v-2M3 12h12M12 9l3 3-3 3" />
  </Svg>
);

/** Logs (a log viewer): lines of events. */
export const IconList = (props: IconProps) => (
  <Svg name="list" {...props}>
    <path d="M4 6h.01M4 12h.01M4 18h.01M8 6h12M8 12h12M8 18h12" />
  </Svg>
);

/** The manual (a link to the user manual): a notebook. */
export const IconNotebook = (props: IconProps) => (
  <Svg name="notebook" {...props}>
    <path d="M6 4h11a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zM9 4v16M13 8h2M13 12h2" />
  </Svg>
);

/**
 * One icon per concept (issue "The console as users meet it", point 10): the sidebar, the
 * Overview's tiles, the list toolbars, the detail headers, the empty states and the menus take
 * their icon from here, so a concept looks the same wherever it appears and no two concepts
 * share a drawing (icons.test.tsx checks both).
 */
export const ICONS = {
  overview: IconDashboard,
  streams: IconStack,
  liveStreams: IconBroadcast,
  vod: IconVideo,
  streamer: IconPlaylist,
  monitor: IconActivity,
  playout: IconPlayerPlay,
  slates: IconSlate,
  demand: IconCoins,
  bundles: IconPackage,
  pods: IconBoxMultiple,
  placements: IconTarget,
  campaigns: IconSpeakerphone,
  advertisers: IconBriefcase,
  creatives: IconPhoto,
  inventory: IconWarehouse,
  insights: IconBulb,
  eventScheduler: IconCalendarEvent,
  users: IconUser,
  notifications: IconMessage,
  encoders: IconCpu,
  apiDocumentation: IconBook,
  alarms: IconBell,
  reports: IconReport,
  customers: IconBuilding,
  system: IconServer,
  configuration: IconAdjustments,
  monitoring: IconGauge,
  billing: IconCreditCard,
  billingHistory: IconReceipt,
  liveDemo: IconDeviceTv,
  knowledgeBase: IconHelp,
  manual: IconNotebook,
  /** Signed-in sessions (an Overview tile). */
  sessions: IconLogin,
  /** A screen's or record's log viewer (the Logs buttons). */
  logs: IconList,
  /** Deleting a record (a row's menu, a record's More menu). */
  delete: IconTrash,
  /** A menu of more actions (a row's, a record's). */
  more: IconDots,
  copy: IconCopy,
  /** Taking an entry out of a form's list (a bundle, a cue point). */
  removeItem: IconCross,
  /** A link that leaves the console (a new tab). */
  external: IconExternal,
  /** The header's settings menu. */
  settings: IconSettings,
  logout: IconLogout,
  warning: IconAlertTriangle,
  /** A date field's picker (a campaign's flight). */
  pickDate: IconCalendar,
} as const satisfies Record<string, Icon>;

export type Concept = keyof typeof ICONS;

/**
 * The concept each sidebar entry (`visibleNavigation` in @cuepoint/core) leads to. A group and
 * its entries share one only when they are the same thing (the API documentation, Billing).
 */
export const NAV_CONCEPTS: Readonly<Record<string, Concept>> = {
  overview: 'overview',
  streams: 'streams',
  'streams-live': 'liveStreams',
  'streams-vod': 'vod',
  'streamer-addon': 'streamer',
  'streams-monitor': 'monitor',
  playout: 'playout',
  slates: 'slates',
  demand: 'demand',
  bundles: 'bundles',
  pods: 'pods',
  placements: 'placements',
  campaigns: 'campaigns',
  advertisers: 'advertisers',
  creatives: 'creatives',
  inventory: 'inventory',
  insights: 'insights',
  'event-scheduler': 'eventScheduler',
  user: 'users',
  notification: 'notifications',
  encoder: 'encoders',
  'api-documentation': 'apiDocumentation',
  'docs-old': 'apiDocumentation',
  'docs-new': 'apiDocumentation',
  'docs-admin': 'apiDocumentation',
  'docs-swagger': 'apiDocumentation',
  alarms: 'alarms',
  reports: 'reports',
  customers: 'customers',
  system: 'system',
  configuration: 'configuration',
  monitoring: 'monitoring',
  'billing-admin': 'billing',
  'create-billing': 'billing',
  'billing-history': 'billingHistory',
  billing: 'billing',
  'live-demo': 'liveDemo',
  'knowledge-base': 'knowledgeBase',
  manual: 'manual',
};

/** The sidebar's icon for each navigation entry id: its concept's. */
export const NAV_ICONS: Readonly<Record<string, Icon>> = Object.fromEntries(
  Object.entries(NAV_CONCEPTS).map(([id, concept]) => [id, ICONS[concept]]),
);

/** The icon of the concept a sidebar entry leads to (a resource's list, an Overview tile's screen). */
export const navIcon = (entryId: string): Icon | undefined => NAV_ICONS[entryId];

/** A concept's icon (`<ConceptIcon concept="logs" size={16} />`). */
export function ConceptIcon({ concept, ...props }: IconProps & { concept: Concept }) {
  const Drawing = ICONS[concept];
  return <Drawing {...props} />;
}
