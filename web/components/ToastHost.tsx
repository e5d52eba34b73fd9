import { Notifications } from '@mantine/notifications';
import { UI_TIMING } from '@shared/limits';

/** The Notifications host, in its own chunk: web/main.tsx mounts it with the first toast. */
export default function ToastHost() {
  // containerWidth is a maximum (the host is the viewport less its margins, up to 420 px); a fixed width
  // pushed the toast past the left edge of a 390 px phone.
  return (
    <Notifications
      limit={1}
      position="top-right"
      autoClose={UI_TIMING.toastAutoCloseMs}
      containerWidth={UI_TIMING.toastMaxWidth}
    />
  );
}
