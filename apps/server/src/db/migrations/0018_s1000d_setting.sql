CREATE TABLE "ccms_s1000d_setting" (
	"library_id" integer PRIMARY KEY NOT NULL,
	"issue_needs_approval" boolean DEFAULT false NOT NULL,
	"update_by" varchar(64) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
