CREATE TABLE "bot_run" (
	"conversation_id" uuid PRIMARY KEY NOT NULL,
	"bot_id" uuid NOT NULL,
	"inputs" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bot_run" ADD CONSTRAINT "bot_run_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_run" ADD CONSTRAINT "bot_run_bot_id_bot_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bot"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_run_bot_idx" ON "bot_run" USING btree ("bot_id");