CREATE TABLE "gen_created_table" (
	"table_name" varchar(63) PRIMARY KEY NOT NULL,
	"create_by" varchar(64) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
