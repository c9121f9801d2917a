ALTER TABLE "generated_image" DROP COLUMN "path";--> statement-breakpoint
ALTER TABLE "generated_image" DROP COLUMN "mime";--> statement-breakpoint
ALTER TABLE "generated_image" DROP COLUMN "bytes";