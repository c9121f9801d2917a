ALTER TABLE "assignment" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "trophy" ADD COLUMN "taken_back_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assignment" ADD CONSTRAINT "assignment_idempotency_uq" UNIQUE("owner_id","idempotency_key");