// S1000D as a content standard: a common source database (CSDB) kept in git. See README.md.
