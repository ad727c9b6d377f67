import type { ThreadPool } from '../../../platform/worker/thread-pool';
import { describeTopic } from '../topic-editor/topic-by-standard';

/*
 * A file's document type and title as the topic editor's open shows them: the text is parsed for
 * them. A large text is parsed on a content thread (content-thread.ts), so opening it does not
 * hold the request loop; a small one here, where its parse (about 0.3 ms for 32 KB on the
 * machines this runs on) costs less than the trip to a thread and back, and does not queue behind
 * the previews and checks the threads run.
 */

/** Texts up to this many characters are described on the request loop. */
export const DESCRIBE_INLINE_MAX = 32 * 1024;

/** What the thread's `describe` task is given. */
export interface DescribeInput {
  standard: string;
  path: string;
  text: string;
}

/** A file's document type and title in its library's standard. */
export type DescribeTopic = (input: DescribeInput) => Promise<{ docType: string; title: string }>;

/** Large texts described on the content threads, small ones here. */
export function threadDescribe(threads: ThreadPool): DescribeTopic {
  return async (input) => (input.text.length <= DESCRIBE_INLINE_MAX ? describeTopic(input.standard, input.path, input.text) : threads.run('describe', input));
}

/** The task. */
export const describeTask = async (input: DescribeInput) => describeTopic(input.standard, input.path, input.text);
