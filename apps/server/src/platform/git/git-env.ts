/** Username and password for an HTTP(S) remote; held in memory only while a git command runs. */
export interface GitAuth {
  username: string;
  password: string;
}

/**
 * Config every git command of the server runs with, passed through GIT_CONFIG_* variables so it
 * never lands in .git/config or on the command line (where `ps` would show it):
 * only http(s) transports, no redirects to other hosts, no hooks, a stalled transfer aborts.
 */
const BASE_CONFIG: [string, string][] = [
  ['protocol.allow', 'never'],
  ['protocol.http.allow', 'always'],
  ['protocol.https.allow', 'always'],
  ['http.followRedirects', 'false'],
  ['http.lowSpeedLimit', '1000'],
  ['http.lowSpeedTime', '30'],
  ['core.hooksPath', '/dev/null'],
  ['core.quotePath', 'false'],
  ['credential.helper', ''],
  ['gc.auto', '0'],
  // No `git maintenance run --auto` process after every fetch (a publish fetches its branch first).
  ['maintenance.auto', 'false'],
];

/**
 * The environment of one git command: no user or system config, no prompts, and the credential
 * as an Authorization header through the environment (never written to disk, never in argv).
 */
export function gitEnv(auth?: GitAuth | null, extra: Record<string, string> = {}, more: [string, string][] = []): Record<string, string> {
  const config = [...BASE_CONFIG, ...more];
  if (auth && (auth.username || auth.password)) {
    const token = Buffer.from(`${auth.username}:${auth.password}`, 'utf8').toString('base64');
    config.push(['http.extraHeader', `Authorization: Basic ${token}`]);
  }
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    LANG: 'C',
    LC_ALL: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: '/bin/false',
    SSH_ASKPASS: '/bin/false',
    GIT_CONFIG_COUNT: String(config.length),
    ...extra,
  };
  config.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return env;
}

/** Why a remote operation failed, in the words the validate screen shows. */
export type RemoteFailure = 'authFailed' | 'repoNotFound' | 'hostUnreachable' | 'branchMissing' | 'urlRefused' | 'pushRefused' | 'unknown';

/** Reads git's stderr (LANG=C) into one of the reasons; the raw text never reaches the caller. */
export function classifyRemoteError(stderr: string): RemoteFailure {
  const text = stderr.toLowerCase();
  if (/authentication failed|could not read (username|password)|\b(http|returned error:) 40[13]\b|terminal prompts disabled/.test(text)) return 'authFailed';
  if (/not found|does not appear to be a git repository|\b(http|returned error:) 404\b|repository .* not exist/.test(text)) return 'repoNotFound';
  if (
    /could not resolve|failed to connect|connection refused|timed out|couldn't connect|network is unreachable|no route to host|operation too slow|connection reset|empty reply/.test(
      text,
    )
  )
    return 'hostUnreachable';
  return 'unknown';
}
