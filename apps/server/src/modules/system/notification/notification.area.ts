import fp from 'fastify-plugin';
import { notificationRoutes } from './notification.routes';
import { type NotificationService, notificationService } from './notification.service';
import { type NotificationStream, notificationStream } from './notification-stream';

declare module 'fastify' {
  interface FastifyInstance {
    /** Notices to users: every area raises its events through app.notification.notify(). */
    notification: NotificationService;
    notificationStream: NotificationStream;
  }
}

/**
 * Notices (in the app and by mail). Not encapsulated and registered before the other areas, so
 * work, content and publishing reach app.notification; its routes live under /system/notification.
 */
export const notificationArea = fp(
  async (app) => {
    const stream = notificationStream(app.db);
    app.decorate('notificationStream', stream);
    app.decorate('notification', notificationService({ db: app.db, jobs: app.jobs, stream, log: app.log }));
    app.addHook('onClose', async () => stream.closeAll());
    await app.register(notificationRoutes);
  },
  { name: 'notification' },
);
