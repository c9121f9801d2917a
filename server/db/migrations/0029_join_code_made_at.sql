ALTER TABLE "teacher_class" ADD COLUMN "join_code_made_at" timestamp with time zone;--> statement-breakpoint
-- hand-written: a code made before this column existed counts from the class's creation, never from
-- a later change (a rename is no new code); a locked-out joiner waits, or the teacher makes a new code.
UPDATE "teacher_class" SET "join_code_made_at" = "created_at" WHERE "join_code" IS NOT NULL;
