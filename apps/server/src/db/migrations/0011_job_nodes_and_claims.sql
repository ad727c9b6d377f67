CREATE TABLE "sys_job_claim" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"queue" varchar(100) NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"node_id" varchar(64) NOT NULL,
	"claim_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_job_node" (
	"node_id" varchar(64) PRIMARY KEY NOT NULL,
	"home" varchar(64) NOT NULL,
	"host_name" varchar(255) DEFAULT '' NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sys_job_claim_node_idx" ON "sys_job_claim" USING btree ("node_id");--> statement-breakpoint
CREATE INDEX "sys_job_claim_queue_idx" ON "sys_job_claim" USING btree ("queue");--> statement-breakpoint
CREATE INDEX "sys_job_node_home_idx" ON "sys_job_node" USING btree ("home");