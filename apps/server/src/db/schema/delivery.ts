import { bigint, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Delivery: connections to remote servers (SFTP, FTP, FTPS), deliverables (a publication's
 * output sent to a connection now, on a schedule or on a new commit) and one receipt per
 * delivery attempt chain.
 */

const at = () => timestamp({ withTimezone: true, mode: 'date' });

const audit = {
  createBy: varchar({ length: 64 }).notNull().default(''),
  createTime: at().notNull().defaultNow(),
  updateBy: varchar({ length: 64 }).notNull().default(''),
  updateTime: at(),
};

/** A remote server outputs are delivered to; the secret is sealed with the app's secret key. */
export const ccmsConnection = pgTable(
  'ccms_connection',
  {
    connectionId: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: varchar({ length: 100 }).notNull(),
    /** sftp, ftp or ftps. */
    type: varchar({ length: 8 }).notNull(),
    host: varchar({ length: 255 }).notNull(),
    port: integer().notNull(),
    remotePath: varchar({ length: 1000 }).notNull(),
    /** password or privateKey. */
    credentialType: varchar({ length: 16 }).notNull(),
    credentialName: varchar({ length: 100 }).notNull(),
    credentialUsername: varchar({ length: 200 }).notNull(),
    /** The password or the private key, sealed (AES-256-GCM); never returned. */
    credentialSecret: varchar({ length: 20000 }).notNull(),
    /** '1' once a validate succeeded with the current host and credential. */
    validated: varchar({ length: 1 }).notNull().default('0'),
    validateTime: at(),
    validateMessage: varchar({ length: 500 }).notNull().default(''),
    /** SFTP: the server's host key (sha256, base64) pinned by the first successful validate. */
    hostKey: varchar({ length: 100 }).notNull().default(''),
    ...audit,
  },
  (t) => [uniqueIndex('ccms_connection_name_uq').on(t.name)],
);

/** A publication's output (one of the library's publish configs) delivered to a connection. */
export const ccmsDeliverable = pgTable(
  'ccms_deliverable',
  {
    deliverableId: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: varchar({ length: 100 }).notNull(),
    description: varchar({ length: 500 }).notNull().default(''),
    publicationId: integer().notNull(),
    /** The library publish config (spec: publishInfo). */
    configId: integer().notNull(),
    connectionId: integer().notNull(),
    /** Cron expression of a scheduled delivery; empty for none. */
    scheduleJob: varchar({ length: 100 }).notNull().default(''),
    /** The sys_job row that fires the schedule through pg-boss (listed with the scheduled jobs). */
    scheduleJobId: integer(),
    /** '1': publish and deliver when the publication's branch gets a new commit. */
    sourceChangeJob: varchar({ length: 1 }).notNull().default('0'),
    /** Folder under the connection's remote path (relative, may be empty). */
    filePath: varchar({ length: 500 }).notNull().default(''),
    /** Name of the delivered file (the output zipped, or the PDF); empty: from the output. */
    fileName: varchar({ length: 200 }).notNull().default(''),
    /** The commit the last source-change delivery published. */
    lastCommit: varchar({ length: 64 }).notNull().default(''),
    ...audit,
  },
  (t) => [uniqueIndex('ccms_deliverable_name_uq').on(t.name), index('ccms_deliverable_publication_idx').on(t.publicationId)],
);

/** One delivery of a deliverable: what went where, how big, its checksum and how it ended. */
export const ccmsDeliveryReceipt = pgTable(
  'ccms_delivery_receipt',
  {
    receiptId: integer().primaryKey().generatedByDefaultAsIdentity(),
    deliverableId: integer().notNull(),
    outputId: integer(),
    /** now, schedule or sourceChange. */
    trigger: varchar({ length: 16 }).notNull(),
    /** waiting (a source-change delivery whose publish runs), queued, running, success or fail. */
    status: varchar({ length: 16 }).notNull().default('queued'),
    remotePath: varchar({ length: 1500 }).notNull().default(''),
    bytes: bigint({ mode: 'number' }).notNull().default(0),
    sha256: varchar({ length: 64 }).notNull().default(''),
    attempts: integer().notNull().default(0),
    durationMs: integer().notNull().default(0),
    error: varchar({ length: 1000 }).notNull().default(''),
    createBy: varchar({ length: 64 }).notNull().default(''),
    startTime: at().notNull().defaultNow(),
    endTime: at(),
  },
  (t) => [index('ccms_delivery_receipt_deliverable_idx').on(t.deliverableId, t.startTime)],
);
