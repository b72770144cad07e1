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
} as const;

/** 'Sorry!! Something Went Wrong - {status}' */
export const somethingWentWrong = (status: number | string) => `Sorry!! Something Went Wrong - ${status}`;
