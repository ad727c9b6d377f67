#!/usr/bin/env node
// The package ships TypeScript sources: register tsx's loader so plain `node` (20.6+) can import them.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/cli.ts');
process.exitCode = await runCli(process.argv.slice(2));
