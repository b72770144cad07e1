/**
 * Every API path, declared once. The server registers its routes with `routePattern(path)` and
 * the console builds its calls with `apiPath(path, params, query)`; neither side writes a path
 * literal. Paths are below the API base (`/api/`, and `/api_v1/` for the second client); a
 * `:name` segment is a parameter.
 *
 * A test on the server (routes/__tests__/api-paths.test.ts) checks that the registered routes
 * and this table are the same set, so a route cannot be added on one side only.
 */
export const API_PATHS = {
  health: 'health',
  auth: {
    signup: 'auth/signup',
    mpsignup: 'auth/mpsignup',
    activate: 'auth/activate',
    resendActivation: 'auth/resend-activation',
    login: 'auth/login',
    logout: 'auth/logout',
    resetPassword: 'auth/reset-password',
    newPassword: 'auth/new-password',
    canBeDeactivated: 'auth/canBeDeactivated',
    deactivateAccount: 'auth/deactivateAccount',
  },
  user: {
    get: 'user/getUser/:id',
    edit: 'user/editUser/:id',
    search: 'user/search',
  },
  customer: {
    get: 'customer/getCustomer/:id',
    edit: 'customer/editCustomer/:id',
    generateToken: 'customer/generateToken/:id',
    /** Admin only: the customers waiting for review. */
    pending: 'customer/pending',
    /** Admin only: ends the review of a new customer. */
    approve: 'customer/approve/:id',
    /** Admin only: the record of plan changes. */
    planChanges: 'customer/plan-changes',
    /** Admin only: every customer account (search, filters, paging). */
    list: 'customer/customers',
    /** Admin only: one account's record (GET), its payment customer id and notes (POST). */
    record: 'customer/customers/:id',
    /** Admin only: refuses a sign-up with a reason mailed to the account (it is de-activated). */
    reject: 'customer/reject/:id',
    /** Admin only: activates a de-activated account (its users may sign in again). */
    activate: 'customer/activate/:id',
    /** Admin only: de-activates an account (as its own de-activation does). */
    deactivate: 'customer/deactivate/:id',
  },
  /**
   * The customer's team (issue 18): `members` lists it (GET) and invites (POST); the others act on
   * one member (owner only); `acceptInvite` is public (the invite mail's link).
   */
  team: {
    members: 'team/members',
    role: 'team/members/:id/role',
    deactivate: 'team/members/:id/deactivate',
    reactivate: 'team/members/:id/reactivate',
    resendInvite: 'team/members/:id/resend-invite',
    acceptInvite: 'team/accept-invite',
  },
  logo: {
    current: 'logo/updateLogo',
    login: 'logo/login',
  },
  alarm: {
    alarms: 'alarm/alarms',
    acknowledge: 'alarm/alarms/:id/acknowledge',
    rules: 'alarm/rules',
    rule: 'alarm/rules/:id',
    /** The customer accounts a rule may name (the rules' picker). */
    customers: 'alarm/customers',
  },
  /**
   * The signed-in user's own notifications and mail preferences (self-service: any role; during
   * login-as the target's, read-only).
   */
  notification: {
    list: 'notification/notifications',
    read: 'notification/notifications/:id/read',
    readAll: 'notification/notifications/read-all',
    unreadCount: 'notification/unread-count',
    preferences: 'notification/preferences',
  },
  overview: { summary: 'overview/summary' },
  /**
   * Billing (issue 19): `paymentPlans` is public-ish (any signed-in user); `usage`, `preview`,
   * `invoices` (POST), `invoice` (PUT, DELETE), `issue`, `creditNotes`, `payments` and `chart` are
   * the main administrator's (not in login-as); `myUsage`, `invoices` (GET), `invoice` (GET) and
   * `pdf` also answer a customer whose record has a payment customer id (its own documents);
   * `stripeWebhook` is public (signature verified).
   */
  billing: {
    paymentPlans: 'billing/getPaymentPlans',
    usage: 'billing/usage',
    myUsage: 'billing/my-usage',
    preview: 'billing/invoices/preview',
    invoices: 'billing/invoices',
    invoice: 'billing/invoices/:id',
    issue: 'billing/invoices/:id/issue',
    creditNotes: 'billing/invoices/:id/credit-notes',
    payments: 'billing/invoices/:id/payments',
    pdf: 'billing/invoices/:id/pdf',
    chart: 'billing/chart',
    stripeWebhook: 'billing/stripe/webhook',
  },
  country: { timeZones: 'country/getTimeZones' },
  /** The generic resource calls: `GET|POST {collection}`, `GET|PUT|PATCH|DELETE {collection}/:id`. */
  resources: {
    liveStream: 'ssai/ds',
    vod: 'ssai/vod',
    slate: 'ssai/slate',
    streamer: 'ssai/streamer',
    encoder: 'ssai/encoder',
    advertiser: 'ssai/advertiser',
    campaign: 'ssai/campaign',
    creative: 'ssai/creative',
    placement: 'ssai/placement',
    bundle: 'ssai/bundle',
    pod: 'ssai/pod',
  },
  /**
   * The trash of a restorable resource (RESOURCES[kind].restorable): `GET list` pages its deleted
   * records (the list's query and answer), `POST restore` takes one back out.
   */
  resourceTrash: {
    campaign: { list: 'ssai/campaign/deleted', restore: 'ssai/campaign/:id/restore' },
  },
  slateUpload: 'ssai/slate/upload',
  /** A creative's video file (multipart `file`: .mp4, .mov or .ts); answers its URL. */
  creativeUpload: 'ssai/creative/upload',
  /** Whether a creative's video is conditioned into HLS yet (status, progress, the playlist to play). */
  creativeConditioning: 'ssai/creative/:id/conditioning',
  /** The same for a page of creatives (`?ids=a,b`): the list's badges. */
  creativeConditionings: 'ssai/creative/conditioning',
  /** The campaign manager's delivery so far per campaign (served, impressions, revenue). */
  campaignDelivery: 'ssai/campaign-delivery',
  events: 'events',
  /** The data plane's ad breaks of a stream or asset, and one break's diagnostics. */
  playback: { breaks: 'playback/breaks', break: 'playback/breaks/:availId' },
  /** Main administrator: every channel's live figures, and one channel's charts. */
  monitoring: { channels: 'monitoring/channels', series: 'monitoring/series/:id' },
  /** Main administrator: scheduled events and their ad breaks (the Event Scheduler); `trigger` fires a DTMF event's break now. */
  schedule: {
    events: 'schedule/events',
    event: 'schedule/events/:id',
    trigger: 'schedule/events/:id/trigger',
  },
  /** Demand reports: a customer's inventory (avails, forecast versus booked) and the administrator's insights. */
  demand: { inventory: 'demand/inventory', insights: 'demand/insights' },
  /** Main administrator: the usage report (`run`) and the administrator's own saved reports. */
  reports: { run: 'reports/run', saved: 'reports/saved', savedItem: 'reports/saved/:id' },
  /** Main administrator (PLAYOUT=1): streamer channels run as live channels. */
  playout: {
    channels: 'playout/channels',
    start: 'playout/channels/:id/start',
    stop: 'playout/channels/:id/stop',
  },
  /**
   * Main administrator: the platform's cluster configuration (spec section 7's `config/get`),
   * versioned: save a new version, the history, one version, compare two, restore one.
   */
  config: {
    get: 'config/get',
    save: 'config/save',
    versions: 'config/versions',
    version: 'config/versions/:version',
    compare: 'config/compare',
    restore: 'config/restore',
  },
} as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];

/** One declared path (a leaf of API_PATHS), or a resource's item path. */
export type ApiPathPattern = Leaves<typeof API_PATHS> | `${Leaves<typeof API_PATHS.resources>}/:id`;

/** The names of a path's `:name` segments. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type QueryInput = Record<string, string | number | boolean | undefined> | URLSearchParams;

/** A resource's item path pattern: `ssai/ds/:id`. */
export const itemPath = <C extends Leaves<typeof API_PATHS.resources>>(collection: C) =>
  `${collection}/:id` as const;

/** The server's route pattern of a declared path: `/customer/approve/:id`. */
export const routePattern = (path: ApiPathPattern) => `/${path}` as const;

function queryString(query: QueryInput | undefined): string {
  if (!query) return '';
  const text =
    query instanceof URLSearchParams
      ? query.toString()
      : Object.entries(query)
          .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
          .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
          .join('&');
  return text ? `?${text}` : '';
}

/**
 * A call's path: the declared path with its parameters filled in (URI-encoded) and the query
 * appended. `apiPath(API_PATHS.user.get, { id })` → `user/getUser/u%2F1`.
 */
export function apiPath<P extends ApiPathPattern>(
  path: P,
  ...[params, query]: [PathParams<P>] extends [never]
    ? [params?: undefined, query?: QueryInput]
    : [params: Record<PathParams<P>, string>, query?: QueryInput]
): string {
  const filled = path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = (params as Record<string, string> | undefined)?.[name];
    if (value === undefined) throw new Error(`apiPath: no value for :${name} in ${path}`);
    return encodeURIComponent(value);
  });
  return `${filled}${queryString(query)}`;
}

/** Every declared path pattern (for the test that compares them with the registered routes). */
export function allApiPaths(): string[] {
  const out: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') out.push(value);
    else for (const child of Object.values(value as Record<string, unknown>)) walk(child);
  };
  walk(API_PATHS);
  for (const collection of Object.values(API_PATHS.resources)) out.push(itemPath(collection));
  return out;
}
