ALTER TABLE "ccms_grammar" ALTER COLUMN "version" SET DATA TYPE varchar(100);--> statement-breakpoint
ALTER TABLE "ccms_grammar" ADD COLUMN "kind" varchar(20) DEFAULT 'dtd' NOT NULL;