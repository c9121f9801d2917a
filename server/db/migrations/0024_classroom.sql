CREATE TABLE "classroom_connection" (
	"user_id" text PRIMARY KEY NOT NULL,
	"refresh_token" text NOT NULL,
	"access_token" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"scopes" text[] NOT NULL,
	"lost_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classroom_course" (
	"user_id" text NOT NULL,
	"course_id" text NOT NULL,
	"class_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_course_user_id_course_id_pk" PRIMARY KEY("user_id","course_id"),
	CONSTRAINT "classroom_course_class_uq" UNIQUE("class_id")
);
--> statement-breakpoint
CREATE TABLE "classroom_coursework" (
	"assignment_id" uuid NOT NULL,
	"course_id" text NOT NULL,
	"user_id" text NOT NULL,
	"course_work_id" text,
	"alternate_link" text,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp with time zone,
	CONSTRAINT "classroom_coursework_assignment_id_course_id_pk" PRIMARY KEY("assignment_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "classroom_oauth_state" (
	"state" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"code_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "classroom_connection" ADD CONSTRAINT "classroom_connection_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_course" ADD CONSTRAINT "classroom_course_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_course" ADD CONSTRAINT "classroom_course_class_id_teacher_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."teacher_class"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_coursework" ADD CONSTRAINT "classroom_coursework_assignment_id_assignment_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_coursework" ADD CONSTRAINT "classroom_coursework_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_oauth_state" ADD CONSTRAINT "classroom_oauth_state_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "classroom_coursework_user_idx" ON "classroom_coursework" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "classroom_oauth_state_expires_idx" ON "classroom_oauth_state" USING btree ("expires_at");