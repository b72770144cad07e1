/**
 * Texts of the specification, verbatim (typos included: a message is a contract).
 * Validation messages live beside their rules in `../validation`.
 */
export const TEXTS = {
  productName: 'Cuepoint',
  pageNotFoundTitle: 'Page not found - 404',
  pageNotFoundMessage: 'This page could not be found',
  homePage: 'Home page',
  /** Spec section 8: the response was not handled within UI_TIMEOUT + 500 ms. */
  responseHandlingTimedOut: 'Response handling timed out',
  /** Spec section 2, header: the settings dropdown. */
  myProfile: 'My Profile',
  myAccount: 'My Account',
  deactivateAccount: 'De-Activate Account',
  logout: 'Logout',
  /** Spec section 2, header: the view selector (main admin or demo only). */
  adminView: 'Admin View',
  userView: 'User View',
  /** Spec section 2, header: shown during login-as. */
  signOut: 'Sign out',
  /** Issue 22: the banner's button during login-as (the header's Sign out does the same). */
  backToMyAccount: 'Back to my account',
  /** Issue 22: the banner on every page in User View, and its button. */
  userViewBanner: 'User View: you see the console as a customer user sees it',
  backToAdminView: 'Back to Admin View',
} as const;

/** Issue 22: the banner on every page during login-as: 'You are working as demo@… (Demo Broadcasting)'. */
export const workingAs = (email: string, customerName: string) =>
  `You are working as ${email} (${customerName})`;

/** 'Sorry!! Something Went Wrong - {status}' */
export const somethingWentWrong = (status: number | string) => `Sorry!! Something Went Wrong - ${status}`;

/** An upload that would take the account past its storage quota: 'This upload would exceed your storage quota of 2 GB'. */
export const storageQuotaExceeded = (quota: string) =>
  `This upload would exceed your storage quota of ${quota}`;

/**
 * Issue 39: a viewer's playback request refused by the live stream's Trusted IPs or Blocked IPs
 * (answered 403 by the playback routes).
 */
export const PLAYBACK_ACCESS_TEXTS = {
  notAllowedFromAddress: 'Playback is not allowed from this address.',
} as const;
