// The shared S1000D corpora, found the same way by the package's tests and the server's.
export { corporaDir, s1000dCorpus } from '../../../test-support/s1000d-corpora';
