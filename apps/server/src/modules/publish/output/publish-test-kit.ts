import type { Caller } from '../../../../test/harness';

/** What the publish API tests share: an output awaited until it succeeds, fails or is canceled (two minutes at most). */
export async function outputFinished(caller: Caller, outputId: number) {
  for (let i = 0; i < 2400; i++) {
    const res = await caller.get(`/prod-api/ccms/output/${outputId}`);
    if (['success', 'fail', 'canceled'].includes(res.body.data?.status)) return res.body.data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`output ${outputId} did not finish`);
}
