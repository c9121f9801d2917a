-- The start page's search forgives typos with levenshtein() (server/modules/bots/bot-search.ts).
-- fuzzystrmatch is a trusted extension (PostgreSQL 13 and later): a role with CREATE on the
-- database may create it; PGlite loads it from @electric-sql/pglite/contrib (server/db/extensions.ts).
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
