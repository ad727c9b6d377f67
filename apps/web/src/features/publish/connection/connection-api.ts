import { ConnectionApi, type ConnectionBody, type ConnectionQuery, type ConnectionUpdate } from '@ccms/contracts/publish/connection';
import type { z } from 'zod';
import { api } from '../../../api/client';

export type ConnectionFilters = Pick<ConnectionQuery, 'name' | 'type'>;
export type ConnectionListParams = z.input<typeof ConnectionQuery>;
export type ConnectionSave = ConnectionBody | ConnectionUpdate;

/** Delivery connections (server: modules/publish/connection). Screens use `connection-queries.ts`. */
export const connectionApi = {
  list: (params: ConnectionListParams) => api.list(ConnectionApi.list, { query: params }),
  get: (connectionId: number) => api.one(ConnectionApi.get, { path: { id: connectionId } }),
  options: () => api.one(ConnectionApi.options),
  /** Adds when the body has no `connectionId`, else updates. */
  save: (body: ConnectionSave) => ('connectionId' in body ? api.call(ConnectionApi.edit, { body }) : api.call(ConnectionApi.add, { body })),
  /** With `hostKey`: the fingerprint the user confirmed after a first validate answered `confirm`. */
  validate: (connectionId: number, hostKey?: string) => api.one(ConnectionApi.validate, { path: { id: connectionId }, body: hostKey ? { hostKey } : {} }),
  remove: (ids: readonly number[]) => api.call(ConnectionApi.remove, { path: { ids } }),
};
