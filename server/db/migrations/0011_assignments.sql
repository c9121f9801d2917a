CREATE TABLE "assignment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"bot_id" uuid NOT NULL,
	"title" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"due_at" timestamp with time zone,
	"message_budget" integer,
	"closed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assignment_class" (
	"assignment_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	CONSTRAINT "assignment_class_assignment_id_class_id_pk" PRIMARY KEY("assignment_id","class_id")
);
--> statement-breakpoint
CREATE TABLE "student_assignment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"roster_entry_id" uuid,
	"student_id" text,
	"status" text DEFAULT 'assigned' NOT NULL,
	"conversation_id" uuid,
	"message_count" integer DEFAULT 0 NOT NULL,
	"time_spent_seconds" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"last_active_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"feedback" text DEFAULT '' NOT NULL,
	"feedback_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assignment" ADD CONSTRAINT "assignment_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment" ADD CONSTRAINT "assignment_bot_id_bot_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bot"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_class" ADD CONSTRAINT "assignment_class_assignment_id_assignment_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_class" ADD CONSTRAINT "assignment_class_class_id_teacher_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."teacher_class"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_assignment" ADD CONSTRAINT "student_assignment_assignment_id_assignment_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_assignment" ADD CONSTRAINT "student_assignment_roster_entry_id_roster_entry_id_fk" FOREIGN KEY ("roster_entry_id") REFERENCES "public"."roster_entry"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_assignment" ADD CONSTRAINT "student_assignment_student_id_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_assignment" ADD CONSTRAINT "student_assignment_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_owner_idx" ON "assignment" USING btree ("owner_id","created_at" DESC NULLS LAST) WHERE "assignment"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "assignment_bot_idx" ON "assignment" USING btree ("bot_id");--> statement-breakpoint
CREATE INDEX "assignment_class_class_idx" ON "assignment_class" USING btree ("class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_assignment_assignment_email_uq" ON "student_assignment" USING btree ("assignment_id","email");--> statement-breakpoint
CREATE INDEX "student_assignment_email_idx" ON "student_assignment" USING btree ("email");--> statement-breakpoint
CREATE INDEX "student_assignment_student_idx" ON "student_assignment" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "student_assignment_conversation_idx" ON "student_assignment" USING btree ("conversation_id");