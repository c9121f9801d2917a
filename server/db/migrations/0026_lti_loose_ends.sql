CREATE TABLE "lti_deep_link_use" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lti_context" ADD COLUMN "members_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lti_login" ADD COLUMN "browser_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lti_platform" ADD COLUMN "managed_addresses" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "lti_deep_link_use_expires_idx" ON "lti_deep_link_use" USING btree ("expires_at");