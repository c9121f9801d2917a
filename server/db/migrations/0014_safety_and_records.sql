ALTER TABLE "ai_message" ADD COLUMN "provider_safety" jsonb;--> statement-breakpoint
ALTER TABLE "safety_flag" ADD COLUMN "student_assignment_id" uuid;--> statement-breakpoint
ALTER TABLE "safety_flag" ADD COLUMN "severity" text DEFAULT 'medium' NOT NULL;--> statement-breakpoint
ALTER TABLE "safety_flag" ADD COLUMN "reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "safety_flag" ADD COLUMN "detected_by" text DEFAULT 'words' NOT NULL;--> statement-breakpoint
ALTER TABLE "safety_flag" ADD COLUMN "provider_safety" jsonb;--> statement-breakpoint
ALTER TABLE "safety_flag" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "safety_flag" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "safety_flag" ADD COLUMN "review_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "safety_flag" ADD CONSTRAINT "safety_flag_student_assignment_id_student_assignment_id_fk" FOREIGN KEY ("student_assignment_id") REFERENCES "public"."student_assignment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_flag" ADD CONSTRAINT "safety_flag_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_message_held_idx" ON "ai_message" USING btree ("status","checkpoint_at") WHERE "ai_message"."status" = 'held';--> statement-breakpoint
CREATE INDEX "safety_flag_record_idx" ON "safety_flag" USING btree ("student_assignment_id");--> statement-breakpoint
-- Flags belong to a student's assignment record: older flags find theirs through the conversation.
UPDATE "safety_flag" f SET "student_assignment_id" = sa."id" FROM "student_assignment" sa WHERE sa."conversation_id" = f."conversation_id";--> statement-breakpoint
-- Self-harm flags are high severity, as the word check now makes them.
UPDATE "safety_flag" SET "severity" = 'high' WHERE "category" = 'self_harm';--> statement-breakpoint
-- A flag with no record came from a teacher's preview, which makes no flags.
DELETE FROM "safety_flag" WHERE "student_assignment_id" IS NULL;
