/**
 * Texts of the specification, verbatim (typos included: a message is a contract).
 * Validation messages live beside their rules in `../validation`.
 */
export const TEXTS = {
  productName: 'Cuepoint',
  pageNotFoundTitle: 'Page not found - 404',
  pageNotFoundMessage: 'This page could not be found',
  homePage: 'Home page',
} as const;

/** 'Sorry!! Something Went Wrong - {status}' */
export const somethingWentWrong = (status: number | string) => `Sorry!! Something Went Wrong - ${status}`;
