CREATE TABLE "sys_oidc_provider" (
	"provider_id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"display_name" varchar(50) DEFAULT '' NOT NULL,
	"issuer" varchar(255) DEFAULT '' NOT NULL,
	"client_id" varchar(255) DEFAULT '' NOT NULL,
	"client_secret" text DEFAULT '' NOT NULL,
	"scopes" varchar(255) DEFAULT 'openid profile email' NOT NULL,
	"allow_create" boolean DEFAULT false NOT NULL,
	"update_by" varchar(64) DEFAULT '' NOT NULL,
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_user_identity" (
	"identity_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_user_identity_identity_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"issuer" varchar(255) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ccms_library" ADD COLUMN "prep_phase" varchar(16);--> statement-breakpoint
ALTER TABLE "ccms_library" ADD COLUMN "prep_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "ccms_library" ADD COLUMN "prep_documents" integer;--> statement-breakpoint
ALTER TABLE "ccms_library" ADD COLUMN "prep_topics" integer;--> statement-breakpoint
ALTER TABLE "gen_table" ADD COLUMN "tree_name_column" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ccms_release_log" ADD COLUMN "output_id" integer;--> statement-breakpoint
ALTER TABLE "sys_user_identity" ADD CONSTRAINT "sys_user_identity_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_identity_issuer_subject" ON "sys_user_identity" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "sys_user_identity_user" ON "sys_user_identity" USING btree ("user_id");--> statement-breakpoint
-- Rows archived before the column existed name their output in the archive text: "<map> · <config> · <format> · output <id> · <commit>".
UPDATE "ccms_release_log" SET "output_id" = (substring("archive" from '· output ([0-9]{1,9}) ·'))::integer WHERE "output_id" IS NULL AND "archive" ~ '· output [0-9]{1,9} ·';