import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';

const b = schema.bot;

/** At most this many words of a query are searched (the rest add nothing but cost). */
const MAX_WORDS = 8;

/**
 * The words of a search as typed: lower case, a hyphen or apostrophe inside a word dropped
 * ("e-mail" is "email"), split on anything that is not a letter or a digit, each word once.
 */
export function searchWords(q: string): string[] {
  const joined = q
    .normalize('NFKC')
    .toLowerCase()
    .replace(/(?<=[\p{L}\p{N}])['’‐-](?=[\p{L}\p{N}])/gu, '');
  return [...new Set(joined.split(/[^\p{L}\p{N}]+/u).filter(Boolean))].slice(0, MAX_WORDS);
}

/** Typos forgiven in a word: none up to 3 letters, one at 4, two from 5 ("rubirc" is "rubric"). */
export const typosAllowed = (word: string) => (word.length <= 3 ? 0 : word.length === 4 ? 1 : 2);

/** A field's text with each hyphenated word also written joined: "Parent E-mail" also reads "Parent Email". */
const both = (field: SQLWrapper) => sql`${field} || ' ' || regexp_replace(${field}, '(?<=[[:alnum:]])[-''’‐](?=[[:alnum:]])', '', 'g')`;

/**
 * How well one query word (q.t as typed, q.stem its English stem, q.k the typos allowed) matches a
 * field's English vector: 2 for a word that starts with its stem (plurals, endings) or with it as
 * typed, 1 for a word within q.k typos of its stem, else 0.
 */
const fieldMatch = (english: SQL) => sql`case
  when ${english} @@ q.qstem or ${english} @@ q.qt then 2
  when exists (select 1 from unnest(tsvector_to_array(${english})) w where levenshtein_less_equal(w, q.stem, q.k) <= q.k) then 1
  else 0 end`;

export interface ScoredBot {
  id: string;
  score: number;
}

/**
 * The start page's search over the built-in templates and the actor's own live bots, in one
 * statement with one score. Every word of the query (stop words such as "the" aside, in any
 * order) must match the name, the subject or the description; a word scores most in the name,
 * then the subject, then the description, and a typo scores half. PostgreSQL's English text
 * search gives the stems (plurals, endings), fuzzystrmatch's levenshtein the typos. Templates
 * come back all (a few dozen rows at most), the actor's bots the best `limit`.
 */
export async function scoreBots(db: Db, ownerId: string, q: string, limit: number): Promise<ScoredBot[]> {
  const words = searchWords(q);
  if (words.length === 0) return [];
  const texts = sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  );
  const typos = sql.join(
    words.map((w) => sql`${typosAllowed(w)}`),
    sql`, `,
  );
  const subject = sql`coalesce(${b.settings} ->> 'subject', '')`;
  const result = await db.execute<{ id: string; score: number }>(sql`
    with q as materialized (
      select s.t, s.k, s.stem, to_tsquery('simple', quote_literal(s.stem) || ':*') as qstem, to_tsquery('simple', quote_literal(s.t) || ':*') as qt
      from (
        select u.t, u.k, (tsvector_to_array(to_tsvector('english', u.t)))[1] as stem
        from unnest(array[${texts}]::text[], array[${typos}]::int[]) as u(t, k)
      ) s
      where s.stem is not null
    ), d as materialized (
      select ${b.id} as id, ${b.ownerId} is null as template, ${b.activeAt} as active_at,
        to_tsvector('english', ${both(b.name)}) as ne, to_tsvector('english', ${both(subject)}) as se,
        to_tsvector('english', ${both(b.description)}) as de
      from ${b}
      where ${b.deletedAt} is null
        and ((${b.ownerId} is null and ${b.templateKey} is not null) or ${b.ownerId} = ${ownerId})
    ), scored as (
      select d.id, d.template, d.active_at, (
        select case when bool_and(s > 0) then sum(s)::int else 0 end
        from (
          select greatest(4 * ${fieldMatch(sql`d.ne`)}, 3 * ${fieldMatch(sql`d.se`)}, ${fieldMatch(sql`d.de`)}) as s
          from q
        ) per_word
      ) as score
      from d
    )
    select id, score, template from (
      select scored.*, row_number() over (partition by template order by score desc, active_at desc nulls last, id desc) as n
      from scored where score > 0
    ) ranked
    where template or n <= ${limit}
    order by score desc, active_at desc nulls last, id desc`);
  return (result as { rows: { id: string; score: number | string }[] }).rows.map((r) => ({ id: r.id, score: Number(r.score) }));
}
