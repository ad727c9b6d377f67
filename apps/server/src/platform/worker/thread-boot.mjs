// A worker thread's first module: TypeScript loading for this thread (as `--import tsx` gives the
// server's), then the task module the pool was made for.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
