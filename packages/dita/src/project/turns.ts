/**
 * Lets other work of the process run while a long synchronous stretch goes on (parsing thousands
 * of files whose reads are already in memory: their promises resolve without the event loop ever
 * turning). Each `turn()` waits for the previous one, and once `sliceMs` passed since the last
 * break it lets the event loop go round once (timers, I/O, child processes) before going on. The
 * catalogue of a server runs the engine on that server's event loop; a CLI or publish process
 * pays one setImmediate per slice.
 */
export function turns(sliceMs = 20): () => Promise<void> {
  let last = performance.now();
  let chain: Promise<void> = Promise.resolve();
  const breakIfDue = async () => {
    if (performance.now() - last < sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    last = performance.now();
  };
  return () => {
    chain = chain.then(breakIfDue);
    return chain;
  };
}
