// The notifications' container and its styles, in the chunk app/Avisos.tsx loads (layered as
// estilosPublicos.css; a notice's own look is Mantine's Notification, which the public styles lack).
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';

export { Notifications } from '@mantine/notifications';
