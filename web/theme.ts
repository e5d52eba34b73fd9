import { createTheme } from '@mantine/core';

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
});
