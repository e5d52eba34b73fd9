import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  defaultVariantColorsResolver,
  parseThemeColor,
} from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'navy',
  colors: {
    navy: [
      '#eef2fa',
      '#dae2f1',
      '#b1c2e3',
      '#86a0d5',
      '#6384c9',
      '#4d72c2',
      '#4069c0',
      '#3258a9',
      '#294e98',
      '#1c3d72',
    ],
  },
  primaryShade: 8,
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  // A user who asks the system for less motion gets Mantine's transitions (modals, menus, toasts, collapses)
  // at once rather than animated (WCAG 2.3.3); the browser journeys ask for it too (playwright.config.ts).
  respectReducedMotion: true,
  // WCAG AA (4.5:1): Mantine's light variant writes shade 9 on shade 1, which is 2.7:1 for yellow
  // ('Pending Response', the verify-email alert) and 4.3:1 for teal; a darker shade 9 passes for all.
  variantColorResolver: (input) => {
    const colors = defaultVariantColorsResolver(input);
    if (input.variant !== 'light') return colors;
    const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
    if (!parsed.isThemeColor || !parsed.color) return colors;
    return { ...colors, color: darken(input.theme.colors[parsed.color][9], 0.3) };
  },
  components: {
    // The close button is an icon: screen readers need its name. A plain object, not Modal.extend():
    // importing Modal here put it in the entry chunk that every page loads (bench/page-weight.ts).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Toasts: the close button is named for screen readers, and the message under a title is gray 7 (7.5:1 on
    // white) instead of Mantine's gray 6 (3.3:1).
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    },
  },
});

/**
 * WCAG AA (4.5:1) for text Mantine colours by default: dimmed text (gray 6, 3.2:1 on the gray page
 * background) and field errors (red 6, 3.3:1 on white).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f666d',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
