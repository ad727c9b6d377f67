ALTER TABLE "ccms_library" ADD COLUMN "full_reindex_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sys_session" ADD COLUMN "secret_hash" varchar(64) DEFAULT '' NOT NULL;