CREATE TABLE "lti_score" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"sub" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_score_link_record_uq" UNIQUE("link_id","record_id")
);
--> statement-breakpoint
ALTER TABLE "lti_context" ADD COLUMN "memberships_url" text;--> statement-breakpoint
ALTER TABLE "lti_score" ADD CONSTRAINT "lti_score_link_id_lti_link_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."lti_link"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_score" ADD CONSTRAINT "lti_score_record_id_student_assignment_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."student_assignment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lti_score_due_idx" ON "lti_score" USING btree ("next_attempt_at");