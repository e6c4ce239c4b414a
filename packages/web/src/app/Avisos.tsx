import type { NotificationsProps } from '@mantine/notifications';
import { lazy, Suspense, useRef } from 'react';
import { useGeral } from '../session/store.ts';

// The container (transitions, drag to dismiss, portal) is most of the package, and only signed-in
// pages show notifications: /login does not load it. A static import of the package here would keep
// it in the first chunk.
const Notifications = lazy(async () => ({ default: (await import('./AvisosConteiner.ts')).Notifications }));

/**
 * Mantine's notifications, their container mounted from the first sign-in on (and kept after a sign-out,
 * so a notice shown on the way out still shows on /login). notifications.show writes to the package's
 * store, which the container reads when it mounts: nothing shown while it loads is lost.
 */
export function Avisos(props: NotificationsProps) {
  const conectado = useGeral((s) => s.usuario !== null);
  const montado = useRef(false);
  if (conectado) montado.current = true;
  if (!montado.current) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  );
}
