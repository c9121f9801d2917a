CREATE TABLE "ai_quota_use" (
	"pool_owner_id" text NOT NULL,
	"month" text NOT NULL,
	"kind" text NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ai_quota_use_pool_owner_id_month_kind_pk" PRIMARY KEY("pool_owner_id","month","kind")
);
--> statement-breakpoint
-- The counts so far, from the usage rows that count (failed calls do not).
INSERT INTO "ai_quota_use" ("pool_owner_id", "month", "kind", "used")
SELECT "pool_owner_id", to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM'), "kind", count(*)
FROM "ai_usage"
WHERE "outcome" IN ('pending', 'ok', 'interrupted', 'blocked')
GROUP BY 1, 2, 3;
