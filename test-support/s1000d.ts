/** The S1000D corpora (schemas, default BREX, sample CSDBs) for the server's and browser tests: the one locator the engine's tests use. */
export { corporaDir, s1000dCorpus } from '../packages/s1000d/test/corpora';
