import dayjs from 'dayjs';

/** A time as the generator's lists show it; an unknown one (a table made by hand) is an empty cell. */
export const genTime = (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');
