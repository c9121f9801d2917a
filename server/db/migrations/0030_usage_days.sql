CREATE TABLE "ai_usage_day" (
	"school_id" uuid NOT NULL,
	"day" date NOT NULL,
	"pool_owner_id" text NOT NULL,
	"user_id" text NOT NULL,
	"bot_id" text,
	"conversation_id" uuid,
	"calls" integer NOT NULL,
	"generations" integer NOT NULL,
	"input_tokens" bigint NOT NULL,
	"output_tokens" bigint NOT NULL,
	"images" integer NOT NULL,
	CONSTRAINT "ai_usage_day_key" UNIQUE NULLS NOT DISTINCT("school_id","day","pool_owner_id","user_id","bot_id","conversation_id")
);
--> statement-breakpoint
-- hand-written: statement triggers on ai_usage keep ai_usage_day equal to its counted rows grouped by
-- school, UTC day, pool owner, caller, bot and (a student's) conversation (decision 279). Each
-- statement's rows are added up first and written with one upsert of increments, in the writer's
-- transaction, in key order: concurrent writers wait on a summary row for a moment and lose nothing.
-- An update moves a row's old contribution out and its new one in; a group that reaches no counted
-- call is deleted. Deleting usage rows (an account's deletion) takes their calls out with them.
CREATE FUNCTION "ai_usage_day_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO ai_usage_day AS d (school_id, day, pool_owner_id, user_id, bot_id, conversation_id, calls, generations, input_tokens, output_tokens, images)
    SELECT school_id, (created_at AT TIME ZONE 'UTC')::date, pool_owner_id, user_id, bot_id,
      CASE WHEN user_id <> pool_owner_id THEN conversation_id END,
      count(*), count(*) FILTER (WHERE kind = 'text'), sum(input_tokens), sum(output_tokens), sum(images)
    FROM new_rows
    WHERE school_id IS NOT NULL AND kind IN ('text', 'image') AND outcome IN ('ok', 'interrupted', 'blocked')
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (school_id, day, pool_owner_id, user_id, bot_id, conversation_id) DO UPDATE SET
      calls = d.calls + excluded.calls, generations = d.generations + excluded.generations,
      input_tokens = d.input_tokens + excluded.input_tokens, output_tokens = d.output_tokens + excluded.output_tokens,
      images = d.images + excluded.images;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    WITH gone AS (
      SELECT school_id, (created_at AT TIME ZONE 'UTC')::date AS day, pool_owner_id, user_id, bot_id,
        CASE WHEN user_id <> pool_owner_id THEN conversation_id END AS conversation_id,
        count(*) AS calls, count(*) FILTER (WHERE kind = 'text') AS generations, sum(input_tokens) AS input_tokens,
        sum(output_tokens) AS output_tokens, sum(images) AS images
      FROM old_rows
      WHERE school_id IS NOT NULL AND kind IN ('text', 'image') AND outcome IN ('ok', 'interrupted', 'blocked')
      GROUP BY 1, 2, 3, 4, 5, 6
    )
    UPDATE ai_usage_day d SET calls = d.calls - g.calls, generations = d.generations - g.generations,
      input_tokens = d.input_tokens - g.input_tokens, output_tokens = d.output_tokens - g.output_tokens, images = d.images - g.images
    FROM gone g
    WHERE d.school_id = g.school_id AND d.day = g.day AND d.pool_owner_id = g.pool_owner_id AND d.user_id = g.user_id
      AND d.bot_id IS NOT DISTINCT FROM g.bot_id AND d.conversation_id IS NOT DISTINCT FROM g.conversation_id;
    DELETE FROM ai_usage_day d USING (SELECT DISTINCT school_id, (created_at AT TIME ZONE 'UTC')::date AS day, pool_owner_id, user_id FROM old_rows
      WHERE school_id IS NOT NULL AND kind IN ('text', 'image') AND outcome IN ('ok', 'interrupted', 'blocked')) g
    WHERE d.calls = 0 AND d.school_id = g.school_id AND d.day = g.day AND d.pool_owner_id = g.pool_owner_id AND d.user_id = g.user_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ai_usage_day_insert" AFTER INSERT ON "ai_usage" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ai_usage_day_apply"();--> statement-breakpoint
CREATE TRIGGER "ai_usage_day_update" AFTER UPDATE ON "ai_usage" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ai_usage_day_apply"();--> statement-breakpoint
CREATE TRIGGER "ai_usage_day_delete" AFTER DELETE ON "ai_usage" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ai_usage_day_apply"();--> statement-breakpoint
-- The rows written before this migration, added up once (the triggers, made above in the same
-- transaction, hold writers off until it commits).
INSERT INTO "ai_usage_day" (school_id, day, pool_owner_id, user_id, bot_id, conversation_id, calls, generations, input_tokens, output_tokens, images)
SELECT school_id, (created_at AT TIME ZONE 'UTC')::date, pool_owner_id, user_id, bot_id,
  CASE WHEN user_id <> pool_owner_id THEN conversation_id END,
  count(*), count(*) FILTER (WHERE kind = 'text'), sum(input_tokens), sum(output_tokens), sum(images)
FROM ai_usage
WHERE school_id IS NOT NULL AND kind IN ('text', 'image') AND outcome IN ('ok', 'interrupted', 'blocked')
GROUP BY 1, 2, 3, 4, 5, 6;
