import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { assertSecretStays, hostEndpoint, secretWouldMove, urlEndpoint } from './kept-secret';

describe('a stored secret stays with its endpoint', () => {
  const change = { stored: true, kept: true, from: 'sftp://a.example:22', to: 'sftp://b.example:22' };

  it('moves only when one is stored, kept, and the endpoint differs', () => {
    expect(secretWouldMove(change)).toBe(true);
    expect(secretWouldMove({ ...change, stored: false })).toBe(false);
    expect(secretWouldMove({ ...change, kept: false })).toBe(false);
    expect(secretWouldMove({ ...change, to: change.from })).toBe(false);
  });

  it('refuses with the given message, naming the field', () => {
    expect(() => assertSecretStays(change, 'library.passwordAgain')).toThrow(AppError);
    expect(() => assertSecretStays({ ...change, kept: false }, 'library.passwordAgain')).not.toThrow();
  });

  it('compares endpoints as the connection would reach them', () => {
    expect(urlEndpoint('https://Git.Example/a.git')).toBe(urlEndpoint('https://git.example:443/b.git'));
    expect(urlEndpoint('https://git.example/a.git')).not.toBe(urlEndpoint('http://git.example/a.git'));
    expect(urlEndpoint('https://git.example/a.git')).not.toBe(urlEndpoint('https://git.example:8443/a.git'));
    expect(urlEndpoint('https://idp.example/realms/a/', { path: true })).toBe('https://idp.example/realms/a');
    expect(urlEndpoint('https://idp.example/realms/a', { path: true })).not.toBe(urlEndpoint('https://idp.example/realms/b', { path: true }));
    expect(hostEndpoint('sftp', 'Files.Example.', 22)).toBe(hostEndpoint('SFTP', 'files.example', '22'));
    expect(hostEndpoint('sftp', '[::1]', 22)).toBe('sftp://::1:22');
    expect(hostEndpoint('sftp', 'files.example', 22)).not.toBe(hostEndpoint('ftp', 'files.example', 22));
  });
});
