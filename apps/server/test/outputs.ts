import type { Caller } from './harness';

/** An output awaited until it succeeds, fails or is canceled (two minutes at most): for the tests of every area that publish. */
export async function outputFinished(caller: Caller, outputId: number) {
  for (let i = 0; i < 2400; i++) {
    const res = await caller.get(`/prod-api/ccms/output/${outputId}`);
    if (['success', 'fail', 'canceled'].includes(res.body.data?.status)) return res.body.data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`output ${outputId} did not finish`);
}
