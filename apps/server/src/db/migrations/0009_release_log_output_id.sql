ALTER TABLE "ccms_release_log" ADD COLUMN "output_id" integer;--> statement-breakpoint
-- Rows archived before the column existed name their output in the archive text: "<map> · <config> · <format> · output <id> · <commit>".
UPDATE "ccms_release_log" SET "output_id" = (substring("archive" from '· output ([0-9]{1,9}) ·'))::integer WHERE "output_id" IS NULL AND "archive" ~ '· output [0-9]{1,9} ·';
