CREATE TABLE "bot" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text,
	"school_id" uuid,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"icon_file_id" uuid,
	"instructions" text DEFAULT '' NOT NULL,
	"settings" jsonb NOT NULL,
	"temperature" double precision DEFAULT 0.7 NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"collection_id" uuid,
	"copied_from" uuid,
	"template_key" text,
	"template_version" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"last_used_at" timestamp with time zone,
	"active_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "bot_template_key_unique" UNIQUE("template_key")
);
--> statement-breakpoint
CREATE TABLE "bot_collection" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_knowledge" (
	"bot_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "bot_knowledge_bot_id_file_id_pk" PRIMARY KEY("bot_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "bot" ADD CONSTRAINT "bot_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot" ADD CONSTRAINT "bot_school_id_school_licence_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."school_licence"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot" ADD CONSTRAINT "bot_icon_file_id_file_id_fk" FOREIGN KEY ("icon_file_id") REFERENCES "public"."file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot" ADD CONSTRAINT "bot_collection_id_bot_collection_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."bot_collection"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_collection" ADD CONSTRAINT "bot_collection_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_knowledge" ADD CONSTRAINT "bot_knowledge_bot_id_bot_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bot"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_knowledge" ADD CONSTRAINT "bot_knowledge_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_owner_kind_active_idx" ON "bot" USING btree ("owner_id","kind","active_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "bot"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "bot_school_kind_active_idx" ON "bot" USING btree ("school_id","kind","active_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "bot"."visibility" = 'school' and "bot"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "bot_public_kind_active_idx" ON "bot" USING btree ("kind","active_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "bot"."visibility" = 'public' and "bot"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "bot_collection_idx" ON "bot" USING btree ("collection_id");--> statement-breakpoint
CREATE INDEX "bot_collection_owner_idx" ON "bot_collection" USING btree ("owner_id","kind","position");--> statement-breakpoint
CREATE INDEX "bot_knowledge_file_idx" ON "bot_knowledge" USING btree ("file_id");