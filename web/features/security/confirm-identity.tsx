import { MantineProvider } from '@mantine/core';
import { createRoot } from 'react-dom/client';
import { cssVariablesResolver, theme } from '../../theme';
import { ReauthDialog } from './ReauthDialog';

/**
 * Opens the 'Confirm it is you' dialog in a root of its own (any page, whatever it has mounted) and
 * answers whether the user confirmed. Loaded the first time the server asks (lib/reauth).
 */
export function confirmIdentity(): Promise<boolean> {
  return new Promise((resolve) => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const close = (confirmed: boolean) => {
      resolve(confirmed);
      // After the closing transition.
      window.setTimeout(() => {
        root.unmount();
        container.remove();
      }, 300);
    };
    root.render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <ReauthDialog onDone={close} />
      </MantineProvider>,
    );
  });
}
