import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, StrictMode, startTransition, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { queryClient } from './lib/api';
import { setIdentityConfirmation } from './lib/reauth';
import { loadToastHost } from './lib/toast';
import { AppRoutes } from './routes';
import { cssVariablesResolver, theme } from './theme';

/**
 * The toast host (its transitions, portal, swipe to dismiss) loads and mounts at the user's first click
 * or key press, or with the first toast, rather than with every page: its code is off /auth's first load
 * (bench/page-weight.ts). Toasts answer what the user does, so the host is there by then, and a toast
 * shows at once as before. The store keeps a toast shown before the host has mounted; the host shows it.
 * Mounted directly, not through lazy/Suspense, whose reveal React may hold back for a moment.
 */
function Toasts() {
  const { notifications, queue } = useNotifications();
  const [Host, setHost] = useState<ComponentType | null>(null);
  const wanted = notifications.length + queue.length > 0;
  useEffect(() => {
    if (Host) return;
    let live = true;
    const mount = () => {
      loadToastHost().then(
        (m) => live && setHost(() => m.default),
        () => {},
      );
    };
    if (wanted) {
      mount();
      return () => {
        live = false;
      };
    }
    const options = { once: true, capture: true } as const;
    window.addEventListener('pointerdown', mount, options);
    window.addEventListener('keydown', mount, options);
    return () => {
      live = false;
      window.removeEventListener('pointerdown', mount, options);
      window.removeEventListener('keydown', mount, options);
    };
  }, [Host, wanted]);
  return Host ? <Host /> : null;
}

// Recent sign-in's dialog (PRODUCT.md §10), loaded the first time a call asks for it: the entry hands it to
// lib/reauth.ts, which may not import the security feature (lib/ is below the features).
setIdentityConfirmation(() =>
  import('./features/security/confirm-identity').then((m) => m.confirmIdentity()),
);

// The first render as a transition: React renders it in slices and lets the browser in between, rather
// than in one long task after the shell's code has run (Lighthouse's TBT, bench/lighthouse.ts).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <Toasts />
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  ),
);
