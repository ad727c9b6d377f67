ALTER TABLE "ccms_library" ADD COLUMN "prep_phase" varchar(16);--> statement-breakpoint
ALTER TABLE "ccms_library" ADD COLUMN "prep_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "ccms_library" ADD COLUMN "prep_documents" integer;--> statement-breakpoint
ALTER TABLE "ccms_library" ADD COLUMN "prep_topics" integer;