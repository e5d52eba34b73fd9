import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { UI_TIMING } from '@shared/limits';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { queryClient } from './lib/api';
import { AppRoutes } from './routes';
import { cssVariablesResolver, theme } from './theme';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {/* containerWidth is a maximum (the host is the viewport less its margins, up to 420 px); a fixed
          width pushed the toast past the left edge of a 390 px phone. */}
      <Notifications
        limit={1}
        position="top-right"
        autoClose={UI_TIMING.toastAutoCloseMs}
        containerWidth={UI_TIMING.toastMaxWidth}
      />
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
