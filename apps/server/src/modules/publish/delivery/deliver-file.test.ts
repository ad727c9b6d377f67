import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useDeliveryServers } from '../../../../test/delivery-servers';
import { DeliveryError, deliverFile, sha256Of } from './deliver-file';
import type { RemoteTarget } from './remote-session';

const servers = useDeliveryServers();
let file = '';

beforeAll(async () => {
  file = join(await mkdtemp(join(tmpdir(), 'ccms-deliver-')), 'manual.zip');
  await writeFile(file, randomBytes(3 * 1024 * 1024 + 17));
});

const sftpTarget = (over: Partial<RemoteTarget> = {}): RemoteTarget => {
  const s = servers().sftp;
  return { type: 'sftp', host: '127.0.0.1', port: s.port, username: s.username, credentialType: 'password', secret: s.password, hostKey: '', ...over };
};

describe('deliverFile', () => {
  it('lands the file byte-identical over SFTP and FTP, replacing an earlier delivery', async () => {
    const expected = await sha256Of(file);
    const s = servers();
    const overSftp = await deliverFile({ target: sftpTarget(), localFile: file, remoteDir: '/out/a', fileName: 'manual.zip', tempTag: 't1' });
    expect(overSftp).toMatchObject({ remotePath: '/out/a/manual.zip', sha256: expected, attempts: 1 });
    expect(await sha256Of(join(s.sftp.root, 'out/a/manual.zip'))).toBe(expected);
    // Again: the rename replaces the file there (the test server refuses plain renames onto a file).
    await deliverFile({ target: sftpTarget(), localFile: file, remoteDir: '/out/a', fileName: 'manual.zip', tempTag: 't2' });
    expect(await readdir(join(s.sftp.root, 'out/a'))).toEqual(['manual.zip']);

    const ftp: RemoteTarget = {
      type: 'ftp',
      host: '127.0.0.1',
      port: s.ftp.port,
      username: s.ftp.username,
      credentialType: 'password',
      secret: s.ftp.password,
      hostKey: '',
    };
    for (const tag of ['f1', 'f2']) await deliverFile({ target: ftp, localFile: file, remoteDir: '/drop', fileName: 'manual.zip', tempTag: tag });
    expect(await sha256Of(join(s.ftp.root, 'drop/manual.zip'))).toBe(expected);
    expect(await readdir(join(s.ftp.root, 'drop'))).toEqual(['manual.zip']);
  });

  it('a connection dropped mid-upload leaves nothing under the final name, and the retry completes', async () => {
    const s = servers().sftp;
    s.killNextUploadAfter(1024 * 1024);
    const seen: string[][] = [];
    const result = await deliverFile({
      target: sftpTarget(),
      localFile: file,
      remoteDir: '/out/b',
      fileName: 'manual.zip',
      tempTag: 'r1',
      backoffMs: 10,
      onAttempt: async (n) => {
        if (n > 1) seen.push(await readdir(join(s.root, 'out/b')));
      },
    });
    expect(result.attempts).toBe(2);
    // Before the retry the folder held at most the part file, never manual.zip.
    expect(seen[0]).not.toContain('manual.zip');
    expect(await readdir(join(s.root, 'out/b'))).toEqual(['manual.zip']);
    expect(await sha256Of(join(s.root, 'out/b/manual.zip'))).toBe(await sha256Of(file));
  });

  it('signs in with a private key, and refuses a server whose host key changed', async () => {
    const s = servers().sftp;
    const first = await deliverFile({
      target: sftpTarget({ credentialType: 'privateKey', secret: s.clientPrivateKey }),
      localFile: file,
      remoteDir: '/k',
      fileName: 'a.bin',
      tempTag: 'k1',
    });
    expect(first.attempts).toBe(1);
    const { openSession } = await import('./remote-session');
    const session = await openSession(sftpTarget());
    const pinned = session.hostKey;
    session.close();
    expect(pinned).toMatch(/^SHA256:/);
    await s.changeHostKey();
    const refused = await deliverFile({
      target: sftpTarget({ hostKey: pinned }),
      localFile: file,
      remoteDir: '/k',
      fileName: 'b.bin',
      tempTag: 'k2',
      backoffMs: 10,
    }).catch((e) => e);
    expect(refused).toBeInstanceOf(DeliveryError);
    expect((refused as DeliveryError).attempts).toBe(1);
    expect(await readdir(join(s.root, 'k'))).toEqual(['a.bin']);
    expect((await readFile(join(s.root, 'k/a.bin'))).length).toBe((await readFile(file)).length);
  });
});
