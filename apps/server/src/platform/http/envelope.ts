import { Code } from '@ccms/contracts/http';

/** Envelope builders; handlers return these and the route's response schema strips the rest. */
export const ok = <T>(data: T, msg = 'ok') => ({ code: Code.OK, msg, data });
export const done = (msg = 'ok') => ({ code: Code.OK, msg });
export const rows = <T>(result: { rows: T[]; total: number }) => ({ code: Code.OK, msg: 'ok', ...result });
