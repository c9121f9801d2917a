ALTER TABLE "ai_message" ADD COLUMN "original_text" text;--> statement-breakpoint
ALTER TABLE "ai_message" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;