/** What the server's side of a thread pool and a task module in a worker thread say to each other. */
export type ToThread =
  | { type: 'run'; id: number; task: string; input: unknown }
  | { type: 'answer'; id: number; ask: number; value: unknown }
  | { type: 'answer'; id: number; ask: number; error: string };

export type FromThread =
  | { type: 'ready' }
  | { type: 'ask'; id: number; ask: number; question: unknown }
  | { type: 'done'; id: number; value: unknown }
  | { type: 'fail'; id: number; message: string };

/** A task's question to the server while it runs (a file to read, a setting to decide), answered there. */
export type Ask = (question: unknown) => Promise<unknown>;
