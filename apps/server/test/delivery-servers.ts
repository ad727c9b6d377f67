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
