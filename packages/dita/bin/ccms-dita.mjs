#!/usr/bin/env node
// Thin wrapper: run with `node --import tsx packages/dita/bin/ccms-dita.mjs` (the package ships TypeScript sources).
import { runCli } from '../src/cli.ts';

process.exitCode = await runCli(process.argv.slice(2));
