import type { Language } from '@ccms/contracts/constants';
import type { FieldLabels } from '@ccms/contracts/messages/fields';
import type { Database, Db } from '../db/client';
import type { AuthContext } from './auth/access';
import type { SessionCache } from './auth/session-cache';
import type { TokenCodec } from './auth/token';
import type { CacheStore } from './cache/store';
import type { AppConfig } from './config';
import type { JobRunner } from './jobs/runner';
import type { Storage } from './storage/storage';

/** What a route may declare about who can call it; exactly one of permission, authenticated, public. */
export interface RouteAccess {
  /** Permission string(s); with several, any one suffices (hasPermiOr). */
  permission?: string | string[];
  /** Any signed-in user (profile, getInfo). */
  authenticated?: boolean;
  /** No sign-in needed. */
  public?: boolean;
  /** The OpenAPI docs: signed in (header or the web's cookie) unless sys.api.docsPublic is true. */
  docs?: boolean;
  /** Open to a user who must first change a password someone else set (getInfo, getRouters, their own profile and the change itself). */
  beforePasswordChange?: boolean;
  /**
   * Operation log entry for this route: module title and RuoYi business type. Every write
   * (POST, PUT, DELETE, PATCH) under the API must declare one, or opt out with `{ skip: 'why' }`
   * (a read sent as POST, sign-in which has its own log): the app refuses to start otherwise.
   */
  log?: OperationLogSpec | OperationLogSkip;
  /**
   * This route's own words for fields whose key means something else here than in the shared
   * vocabulary (`@ccms/contracts/messages/fields`): messages that name a field use them.
   */
  fieldLabels?: FieldLabels;
}

export interface OperationLogSpec {
  title: string;
  businessType: BusinessType;
}

/** An explicit opt-out of the operation log, with the reason. */
export interface OperationLogSkip {
  skip: string;
}

export enum BusinessType {
  OTHER = 0,
  INSERT = 1,
  UPDATE = 2,
  DELETE = 3,
  GRANT = 4,
  EXPORT = 5,
  IMPORT = 6,
  FORCE = 7,
  CLEAN = 8,
}

export interface Secrets {
  jwtSecret: string;
  /** Encrypts stored credentials (libraries, connections). */
  secretKey: string;
}

declare module 'fastify' {
  interface FastifyContextConfig extends RouteAccess {}
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    tokens: TokenCodec;
    secrets: Secrets;
    /**
     * The file store's root (the data folder or the object store's bucket): areas take their own
     * scope of it (publish/outputs, downloads); nothing reads it whole.
     */
    store: Storage;
    /** Uploads, avatars, attachments and grammar packages: the store's "files" scope. */
    storage: Storage;
    /** Scheduled jobs on pg-boss. */
    jobs: JobRunner;
    /** The cache store: Redis when REDIS_URL is set, else this process's memory. */
    cache: CacheStore;
    /** The sessions' fast path in that cache (Redis only); services call `changed`/`ended` after their commits. */
    sessions: SessionCache;
    /** Every route registered, with its declared access: the permission walk test reads it. */
    routeTable: { method: string; url: string; access: RouteAccess }[];
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    lang: Language;
  }
}
