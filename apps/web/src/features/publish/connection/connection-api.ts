import type { Connection, ConnectionBody, ConnectionCheck, ConnectionOption, ConnectionQuery, ConnectionUpdate } from '@ccms/contracts/publish/connection';
import type { z } from 'zod';
import { byUrl, type DataBody } from '../../../api/client';

export type ConnectionFilters = Pick<ConnectionQuery, 'name' | 'type'>;
export type ConnectionListParams = z.input<typeof ConnectionQuery>;
export type ConnectionSave = ConnectionBody | ConnectionUpdate;

/** Delivery connections (server: modules/publish/connection). Screens use `connection-queries.ts`. */
export const connectionApi = {
  list: (params: ConnectionListParams) => byUrl.list<Connection>('/ccms/connection/list', params),
  get: (connectionId: number) => byUrl.one<Connection>(`/ccms/connection/${connectionId}`),
  options: () => byUrl.one<ConnectionOption[]>('/ccms/connection/optionselect'),
  /** Adds when the body has no `connectionId`, else updates. */
  save: (body: ConnectionSave) => ('connectionId' in body ? byUrl.put('/ccms/connection', body) : byUrl.post('/ccms/connection', body)),
  /** With `hostKey`: the fingerprint the user confirmed after a first validate answered `confirm`. */
  validate: async (connectionId: number, hostKey?: string) =>
    (await byUrl.post<DataBody<ConnectionCheck>>(`/ccms/connection/${connectionId}/validate`, hostKey ? { hostKey } : {})).data,
  remove: (ids: readonly number[]) => byUrl.delete(`/ccms/connection/${ids.join(',')}`),
};
