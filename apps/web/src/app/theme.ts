import { BREAKPOINTS } from '@cuepoint/core';
import { type CSSVariablesResolver, createTheme } from '@mantine/core';

const em = (px: number) => `${px / 16}em`;

/** Primary pink, secondary teal (spec section 1); the spec's breakpoints 576/768/992/1200. */
export const theme = createTheme({
  primaryColor: 'pink',
  primaryShade: { light: 7, dark: 8 },
  other: { secondaryColor: 'teal' },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  components: {
    // Every dialog's close button has a name for screen readers. (Plain objects, not
    // Modal.extend: importing the components here would put them in the first page's bundle.)
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A dialog's title bar is no second banner landmark beside the shell's header (axe).
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    // An open menu focuses its first item (the menu pattern), not an empty placeholder that a
    // menu may not contain (axe: aria-required-children).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
  breakpoints: {
    xs: em(BREAKPOINTS.xs),
    sm: em(BREAKPOINTS.sm),
    md: em(BREAKPOINTS.md),
    lg: em(BREAKPOINTS.lg),
    xl: em(1400),
  },
});

/**
 * Dimmed text and placeholders dark enough for WCAG AA (4.5:1) on the body colour in both
 * schemes (a file picker's placeholder is page text, not a native placeholder); links too on a
 * tinted surface such as a striped or hovered table row (pink 7 gives 4.4:1 on gray 0); and a
 * field's error message (Mantine's red 6 in light and red 8 in dark give about 3.3:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7]!,
    '--mantine-color-placeholder': t.colors.gray[7]!,
    '--mantine-color-anchor': t.colors.pink[8]!,
    '--mantine-color-error': t.colors.red[9]!,
  },
  dark: {
    '--mantine-color-dimmed': t.colors.dark[1]!,
    '--mantine-color-placeholder': t.colors.dark[1]!,
    '--mantine-color-error': t.colors.red[5]!,
  },
});
