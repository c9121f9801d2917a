CREATE TABLE "trophy" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_assignment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"awarded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assignment" ADD COLUMN "trophy_rules" jsonb DEFAULT '{"keptGoing":true,"hints":true,"cameBack":true,"early":true}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "trophy" ADD CONSTRAINT "trophy_student_assignment_id_student_assignment_id_fk" FOREIGN KEY ("student_assignment_id") REFERENCES "public"."student_assignment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trophy" ADD CONSTRAINT "trophy_awarded_by_user_id_fk" FOREIGN KEY ("awarded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trophy_record_idx" ON "trophy" USING btree ("student_assignment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trophy_rule_once_uq" ON "trophy" USING btree ("student_assignment_id","kind") WHERE "trophy"."kind" <> 'teacher';