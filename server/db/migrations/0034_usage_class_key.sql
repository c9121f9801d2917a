-- The usage row's class as a key (decision 279): deleting a class sets its calls' class to null,
-- and the summary's update trigger moves them to the "Not from a class" row, so the dashboard's
-- read never looks a class up to tell whether it still exists. A row whose class went between
-- 0033 and this migration is set so first (the trigger follows that too).
UPDATE "ai_usage" u SET class_id = NULL
WHERE u.class_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM teacher_class k WHERE k.id = u.class_id);--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_class_id_teacher_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."teacher_class"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_usage_class_idx" ON "ai_usage" USING btree ("class_id") WHERE class_id is not null;