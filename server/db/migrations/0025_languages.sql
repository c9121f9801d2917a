ALTER TABLE "user" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "teacher_class" ADD COLUMN "default_locale" text;--> statement-breakpoint
ALTER TABLE "assignment" ADD COLUMN "response_language" text;