import { badRequest } from './errors';

/** The highest display order a row may have (the forms' limit too). */
const MAX_ORDER = 9999;

/**
 * RuoYi's updateSort sends ids and orders as two lists: pairs them, refusing lists of different
 * lengths, an id given twice, or an order out of range, each naming the field.
 */
export function pairOrders(ids: number[], orders: number[], idsKey: string): { id: number; orderNum: number }[] {
  if (orders.length !== ids.length) throw badRequest('sort.countMismatch', { field: 'orderNums', count: orders.length, ids: ids.length });
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined) throw badRequest('sort.idTwice', { field: idsKey, id: twice });
  if (orders.some((n) => n > MAX_ORDER)) throw badRequest('field.tooBig', { field: 'orderNums', max: MAX_ORDER });
  return ids.map((id, i) => ({ id, orderNum: orders[i] ?? 0 }));
}
