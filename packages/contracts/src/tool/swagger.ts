import { z } from 'zod';
import { endpoint } from '../endpoint';

/** API manual page permission: the seeded menu grants it (the manual itself needs only a session). */
export const SwaggerPerm = {
  list: 'tool:swagger:list',
} as const;

/** RuoYi's API page frames springdoc's swagger-ui: its URL, method, access and schemas, for the server's route. */
export const SwaggerApi = {
  /** Sent (302, no body) to this server's manual at /prod-api/swagger (signed-in, or public by sys.api.docsPublic). */
  frame: endpoint({
    method: 'GET',
    url: '/swagger-ui/index.html',
    access: { public: true },
    summary: "Send RuoYi's swagger-ui frame to the API manual",
    tag: 'tool/swagger',
    response: z.null(),
  }),
};
