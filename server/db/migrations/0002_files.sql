CREATE TABLE "file" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"declared_type" text NOT NULL,
	"sniffed_type" text NOT NULL,
	"purpose" text NOT NULL,
	"status" text NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"extracted_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "file" ADD CONSTRAINT "file_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_owner_idx" ON "file" USING btree ("owner_id","created_at");