CREATE TABLE "lti_account" (
	"platform_id" uuid NOT NULL,
	"sub" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_account_platform_id_sub_pk" PRIMARY KEY("platform_id","sub")
);
--> statement-breakpoint
CREATE TABLE "lti_context" (
	"platform_id" uuid NOT NULL,
	"context_id" text NOT NULL,
	"class_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_context_platform_id_context_id_pk" PRIMARY KEY("platform_id","context_id")
);
--> statement-breakpoint
CREATE TABLE "lti_key" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lti_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform_id" uuid NOT NULL,
	"context_id" text NOT NULL,
	"assignment_id" uuid NOT NULL,
	"created_by" text,
	"line_item_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_login" (
	"state" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"platform_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_platform" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"name" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"deployment_ids" text[] NOT NULL,
	"auth_url" text NOT NULL,
	"token_url" text NOT NULL,
	"jwks_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_platform_issuer_client_uq" UNIQUE("issuer","client_id")
);
--> statement-breakpoint
ALTER TABLE "lti_account" ADD CONSTRAINT "lti_account_platform_id_lti_platform_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platform"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_account" ADD CONSTRAINT "lti_account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_context" ADD CONSTRAINT "lti_context_platform_id_lti_platform_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platform"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_context" ADD CONSTRAINT "lti_context_class_id_teacher_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."teacher_class"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_link" ADD CONSTRAINT "lti_link_platform_id_lti_platform_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platform"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_link" ADD CONSTRAINT "lti_link_assignment_id_assignment_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_link" ADD CONSTRAINT "lti_link_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_login" ADD CONSTRAINT "lti_login_platform_id_lti_platform_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platform"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_platform" ADD CONSTRAINT "lti_platform_school_id_school_licence_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."school_licence"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lti_account_user_idx" ON "lti_account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lti_context_class_idx" ON "lti_context" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "lti_link_assignment_idx" ON "lti_link" USING btree ("assignment_id");--> statement-breakpoint
CREATE INDEX "lti_link_context_idx" ON "lti_link" USING btree ("platform_id","context_id");--> statement-breakpoint
CREATE INDEX "lti_login_expires_idx" ON "lti_login" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "lti_platform_school_idx" ON "lti_platform" USING btree ("school_id");