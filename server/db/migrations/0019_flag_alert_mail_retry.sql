ALTER TABLE "safety_flag" ADD COLUMN "alert_mail_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "safety_flag" ADD COLUMN "alert_mail_retry_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "safety_flag_alert_retry_idx" ON "safety_flag" USING btree ("alert_mail_retry_at") WHERE alert_mail_retry_at is not null;