CREATE TABLE "roster_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"user_id" text,
	"source" text DEFAULT 'teacher' NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "teacher_class" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"section" text,
	"join_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_class_join_code_uq" UNIQUE("join_code")
);
--> statement-breakpoint
ALTER TABLE "roster_entry" ADD CONSTRAINT "roster_entry_class_id_teacher_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."teacher_class"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_entry" ADD CONSTRAINT "roster_entry_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_class" ADD CONSTRAINT "teacher_class_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "roster_entry_class_email_current_uq" ON "roster_entry" USING btree ("class_id","email") WHERE "roster_entry"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "roster_entry_email_idx" ON "roster_entry" USING btree ("email");--> statement-breakpoint
CREATE INDEX "roster_entry_user_idx" ON "roster_entry" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "teacher_class_owner_idx" ON "teacher_class" USING btree ("owner_id","created_at");