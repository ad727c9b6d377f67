import { afterAll, beforeAll } from 'vitest';
import { type DeliveryServer, type SftpTestServer, startFtpServer, startSftpServer } from './delivery-server-kit';

export { type DeliveryServer, type SftpTestServer, startFtpServer, startSftpServer };

/** Both servers for the current test file: started before its tests, stopped after them. */
export function useDeliveryServers(): () => { sftp: SftpTestServer; ftp: DeliveryServer } {
  let servers: { sftp: SftpTestServer; ftp: DeliveryServer } | null = null;
  beforeAll(async () => {
    servers = { sftp: await startSftpServer(), ftp: await startFtpServer() };
  });
  afterAll(async () => {
    await servers?.sftp.close();
    await servers?.ftp.close();
  });
  return () => {
    if (!servers) throw new Error('delivery servers not started yet: use them inside a test');
    return servers;
  };
}

/** What a validate answers (ConnectionCheck) in the envelope's data. */
interface Check {
  state: string;
  message: string;
  hostKey: string;
}

/**
 * Validates a connection as a user does: an SFTP server met for the first time answers its host
 * key (state confirm), which the user confirms by validating again with it. The final answer.
 */
export async function validateConnection(
  caller: { post(url: string, body?: unknown): Promise<{ body: { data: Check } }> },
  connectionId: number,
): Promise<Check> {
  const url = `/prod-api/ccms/connection/${connectionId}/validate`;
  const first = (await caller.post(url)).body.data;
  if (first.state !== 'confirm') return first;
  return (await caller.post(url, { hostKey: first.hostKey })).body.data;
}
