/**
 * `npm run cluster -- [--nodes 3] [--port 8090]`: several nodes of this installation (each an
 * `npm start` server process with its own data folder under ./data/cluster) on the PostgreSQL of
 * DATABASE_URL and the object store of CCMS_S3_*, behind a round-robin proxy on 127.0.0.1, to try
 * a multi-node setup on one machine (what apps/server/test/three-nodes.test.ts runs). The nodes
 * share CCMS_JWT_SECRET and CCMS_SECRET_KEY, which must be set; Ctrl-C stops everything.
 */

import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/platform/config';
import { startCluster } from '../apps/server/test/cluster-kit';

const { values } = parseArgs({ options: { nodes: { type: 'string', default: '3' }, port: { type: 'string', default: '8090' } } });
const nodes = Number(values.nodes);
const port = Number(values.port);
if (!Number.isInteger(nodes) || nodes < 1 || nodes > 16) throw new Error(`--nodes must be a whole number from 1 to 16, got "${values.nodes}"`);
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number, got "${values.port}"`);

const config = loadConfig();
const missing = [
  !config.databaseUrl && 'DATABASE_URL',
  !config.objectStore && 'CCMS_S3_ENDPOINT (with CCMS_S3_BUCKET, CCMS_S3_ACCESS_KEY, CCMS_S3_SECRET_KEY)',
  !config.jwtSecret && 'CCMS_JWT_SECRET',
  !config.secretKey && 'CCMS_SECRET_KEY',
].filter(Boolean);
if (missing.length > 0 || !config.databaseUrl || !config.objectStore || !config.jwtSecret || !config.secretKey) {
  process.stderr.write(`npm run cluster: set ${missing.join(', ')} first (the same for every node)\n`);
  process.exit(2);
}

const cluster = await startCluster({
  nodes,
  port,
  databaseUrl: config.databaseUrl,
  objectStore: config.objectStore,
  secrets: { jwtSecret: config.jwtSecret, secretKey: config.secretKey },
  adminPassword: config.adminPassword,
  root: path.join(config.dataDir, 'cluster'),
});
process.stdout.write(
  `${nodes} nodes (ports ${cluster.nodes.map((n) => n.port).join(', ')}; logs in ${path.join(config.dataDir, 'cluster')}) behind ${cluster.url}\n`,
);
const stop = async () => {
  await cluster.stop();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
