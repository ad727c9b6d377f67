CREATE TABLE "sys_login_failure" (
	"user_id" integer NOT NULL,
	"ipaddr" varchar(128) NOT NULL,
	"failures" timestamp with time zone[] DEFAULT '{}' NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "sys_login_failure_user_id_ipaddr_pk" PRIMARY KEY("user_id","ipaddr")
);
--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "pwd_change_required" boolean DEFAULT false NOT NULL;