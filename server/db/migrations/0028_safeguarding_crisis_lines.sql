CREATE TABLE "installation_setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "school_licence" ADD COLUMN "crisis_lines" jsonb;--> statement-breakpoint
ALTER TABLE "school_licence" ADD COLUMN "reporting_guidance" text;