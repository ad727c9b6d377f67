ALTER TABLE "ccms_review_comment" ADD COLUMN "prefix" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ccms_review_comment" ADD COLUMN "suffix" text DEFAULT '' NOT NULL;