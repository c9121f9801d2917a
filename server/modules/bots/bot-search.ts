import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../contract/locale';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { searchable, searchVector, type TextConfig } from '../../db/schema/bots';
import { foldAccents, GRADE, searchTerms, type SearchTerm } from './search-terms';
import { templatesEs } from './templates/es';

export { searchTerms, searchWords, typosAllowed } from './search-terms';

const b = schema.bot;

/** The text search configuration of the reader's language: its stems and its stop words. */
const textConfig: Record<Locale, TextConfig> = { en: 'english', es: 'spanish' };

/**
 * A bot is listed when its score is at least this share of the best in its list: a word found in
 * a name (16) keeps a word found only in a description (4), not less.
 */
const KEEP_SHARE = 4;

/**
 * Typos are looked for only when fewer bots than this (a page of the library) match a query's
 * words directly: then every bot of the scope is read word by word, as a typo cannot be found in
 * an index. With more, the bots that match are scored from the indexes alone.
 */
const TYPOS_BELOW = 24;

/**
 * How well one alternative (alt) matches a field's vector: its grade when the field has a word
 * starting with each of its stems or its words as typed (a one-letter word or a number only
 * whole), half when a stemmed word is within alt.k typos (typo.words, only when typos are looked
 * for), else 0.
 */
const fieldMatch = (v: SQL) => sql`case
  when ${v} @@ alt.qstem or ${v} @@ alt.qt then alt.grade
  when alt.k > 0 and tsvector_to_array(${v}) && typo.words then alt.grade / 2
  else 0 end`;

/**
 * A tsquery of every one of `words`: with `prefix`, each a word's start ("rubr" finds "rubric")
 * unless it is one letter or a number; without (synonyms, a phrase's parts), whole stems only, so
 * "exam" does not find "example".
 */
const allWords = (words: SQL, prefix: SQL) =>
  sql`(select to_tsquery('simple', string_agg(quote_literal(w) || case when ${prefix} and length(w) > 1 and w !~ '^[0-9]+$' then ':*' else '' end, ' & ')) from unnest(${words}) w)`;

/**
 * The scored bots of a scope as a SQL subquery (id, score, template, active_at, name), only those
 * worth listing. Per term, a bot scores its best alternative: the grade times 4 in the name (or
 * when the alternative names the bot's kind), 3 in the subject, 1 in the description. The bot's
 * score is the sum over terms, soft terms (subjects, grades) counting half. A bot is kept when it
 * matches a term that is not soft (any term, when all are soft) and scores at least a quarter of
 * the best of its list (`partition`: the start page ranks templates and one's own bots apart).
 *
 * The direct matches come from the fields' GIN indexes (`hit`: per term and grade, one index scan
 * per field for any of its alternatives), so only the bots that match are read. The bots whose
 * text is not what is stored (a Spanish reader's built-in templates) and, when fewer than
 * TYPOS_BELOW bots match directly, every bot of the scope are scored from their text instead
 * (`d`, `per_term`), typos included.
 */
function scoredSubquery(terms: SearchTerm[], locale: Locale, scope: SQL, partition: SQL | null): SQL {
  const alts = terms.flatMap((t, i) => t.alternatives.map((a) => ({ ...a, term: i, soft: t.soft })));
  const column = (values: unknown[], type: string) =>
    sql`array[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]`.append(sql.raw(`::${type}[]`));
  const config = textConfig[locale];
  const cfg = sql.raw(`'${config}'::regconfig`);
  const hasCore = terms.some((t) => !t.soft);
  // A Spanish reader searches the built-in templates' Spanish names and descriptions.
  const overlay =
    locale === 'es'
      ? sql`left join (values ${sql.join(
          Object.entries(templatesEs).map(([key, t]) => sql`(${key}, ${foldAccents(t.name)}, ${foldAccents(t.description)})`),
          sql`, `,
        )}) as tr(key, name, description) on ${b.ownerId} is null and tr.key = ${b.templateKey}`
      : sql``;
  const overlaid = sql`${b.ownerId} is null and coalesce(${b.templateKey} in (${sql.join(
    Object.keys(templatesEs).map((key) => sql`${key}`),
    sql`, `,
  )}), false)`;
  const stored = locale === 'es' ? sql` and not (${overlaid})` : sql``;
  const name = locale === 'es' ? sql`coalesce(tr.name, ${b.name})` : sql`${b.name}`;
  const description = locale === 'es' ? sql`coalesce(tr.description, ${b.description})` : sql`${b.description}`;
  const subject = sql`coalesce(${b.settings} ->> 'subject', '')`;
  // One index scan per field for each term and grade (its alternatives of that grade ORed), and
  // one per kind an alternative names.
  const pairs = [...new Map(alts.map((a) => [`${a.term}:${a.grade}`, a])).values()];
  const hits: SQL[] = [];
  for (const { term, grade, soft } of pairs) {
    const query = sql`(select q from q where term = ${term} and grade = ${grade})`;
    for (const [weight, field] of [
      [4, b.name],
      [3, subject],
      [1, b.description],
    ] as const)
      hits.push(
        sql`select ${b.id} as id, ${term}::int as term, ${soft}::boolean as soft, ${weight * grade}::int as s from ${b} where ${scope}${stored} and ${searchVector(config, field)} @@ ${query}`,
      );
    const kinds = [...new Set(alts.filter((a) => a.term === term && a.grade === grade && a.kind).map((a) => a.kind!))];
    for (const kind of kinds)
      hits.push(
        sql`select ${b.id} as id, ${term}::int as term, ${soft}::boolean as soft, ${4 * grade}::int as s from ${b} where ${scope}${stored} and ${b.kind} = ${kind}`,
      );
  }
  return sql`(
    with alt as materialized (
      select u.n, u.term, u.soft, u.grade, u.kind,
        -- The typos a stem may have, by its own length (Spanish stems are short: "clase" is "clas").
        least(u.k, case when length((tsvector_to_array(to_tsvector(${cfg}, u.t)))[1]) <= 3 then 0
          when length((tsvector_to_array(to_tsvector(${cfg}, u.t)))[1]) = 4 then 1 else 2 end) as k,
        ${allWords(sql`tsvector_to_array(to_tsvector(${cfg}, u.t))`, sql`u.grade = ${GRADE.typed}`)} as qstem,
        ${allWords(sql`string_to_array(u.t, ' ')`, sql`u.grade = ${GRADE.typed}`)} as qt,
        (tsvector_to_array(to_tsvector(${cfg}, u.t)))[1] as stem
      from unnest(${column(
        alts.map((a) => a.term),
        'int',
      )}, ${column(
        alts.map((a) => a.soft),
        'boolean',
      )}, ${column(
        alts.map((a) => a.grade),
        'int',
      )}, ${column(
        alts.map((a) => a.typos),
        'int',
      )}, ${column(
        alts.map((a) => a.kind),
        'text',
      )}, ${column(
        alts.map((a) => a.text),
        'text',
      )}) with ordinality as u(term, soft, grade, k, kind, t, n)
    ), q as materialized (
      -- Per term and grade: any of its alternatives' stems or words as typed.
      select term, grade, string_agg(coalesce('(' || qstem::text || ') | ', '') || '(' || qt::text || ')', ' | ')::tsquery as q
      from alt
      where alt.stem is not null or alt.kind is not null
      group by term, grade
    ), hit as materialized (
      ${sql.join(hits, sql` union all `)}
    ), mode as materialized (
      select count(*) < ${TYPOS_BELOW} as typos from (select distinct id from hit limit ${TYPOS_BELOW}) few
    ), d as materialized (
      select ${b.id} as id, ${b.kind} as kind,
        to_tsvector(${cfg}, ${searchable(name)}) as ne, to_tsvector(${cfg}, ${searchable(subject)}) as se,
        to_tsvector(${cfg}, ${searchable(description)}) as de
      from ${b} ${overlay}
      where ${scope} and ((select typos from mode)${locale === 'es' ? sql` or tr.key is not null` : sql``})
    ), vocabulary as materialized (
      -- The words of the bots read, once each: a typo is looked for among them, not bot by bot.
      select distinct w from d, unnest(tsvector_to_array(d.ne) || tsvector_to_array(d.se) || tsvector_to_array(d.de)) w
      where (select typos from mode)
    ), typo as materialized (
      -- Per alternative that may have typos: the words within its typos of its stem.
      select alt.n, array(select w from vocabulary where levenshtein_less_equal(w, alt.stem, alt.k) <= alt.k) as words
      from alt where alt.k > 0
    ), per_term as (
      select d.id, alt.term, bool_or(alt.soft) as soft, max(greatest(
        4 * ${fieldMatch(sql`d.ne`)}, 3 * ${fieldMatch(sql`d.se`)}, ${fieldMatch(sql`d.de`)},
        case when d.kind::text = alt.kind then 4 * alt.grade else 0 end)) as s
      from d cross join alt left join typo on typo.n = alt.n
      where alt.stem is not null or alt.kind is not null
      group by d.id, alt.term
      union all
      select id, term, bool_or(soft), max(s) from hit where not (select typos from mode) group by id, term
    ), scored as (
      select ${b.id} as id, ${b.ownerId} is null as template, ${b.activeAt} as active_at, ${b.name} as name,
        sum(case when p.soft then p.s else 2 * p.s end)::int as score,
        sum(case when p.soft then 0 else p.s end)::int as core
      from per_term p join ${b} on ${b.id} = p.id
      group by ${b.id}
    ), kept as (
      select scored.*, max(score) over (${partition ? sql`partition by ${partition}` : sql``}) as best
      from scored
      where score > 0 ${hasCore ? sql`and core > 0` : sql``}
    )
    select id, score, template, active_at, name from kept where ${KEEP_SHARE} * score >= best
  )`;
}

export interface ScoredBot {
  id: string;
  score: number;
}

/** The bots the start page searches: the built-in templates and the actor's own live bots. */
const startPageScope = (ownerId: string) =>
  sql`${b.deletedAt} is null and ((${b.ownerId} is null and ${b.templateKey} is not null) or ${b.ownerId} = ${ownerId})`;

/**
 * The start page's search over the built-in templates and the actor's own live bots, in one
 * statement with one score (scoredSubquery): not every word must match, a bot is ranked by how
 * much of the query it matches and where. Templates are searched in the reader's language, the
 * actor's bots as they wrote them. Templates come back all (a few dozen rows at most), the
 * actor's bots the best `limit`.
 */
export async function scoreBots(db: Db, ownerId: string, q: string, limit: number, locale: Locale): Promise<ScoredBot[]> {
  const terms = searchTerms(q);
  if (terms.length === 0) return [];
  const result = await db.execute<{ id: string; score: number }>(sql`
    select id, score from (
      select s.*, row_number() over (partition by template order by score desc, active_at desc nulls last, id desc) as n
      from ${scoredSubquery(terms, locale, startPageScope(ownerId), sql`template`)} s
    ) ranked
    where template or n <= ${limit}
    order by score desc, active_at desc nulls last, id desc`);
  return (result as { rows: { id: string; score: number | string }[] }).rows.map((r) => ({ id: r.id, score: Number(r.score) }));
}

/** Where a searched library page starts: after the last row's score and its tab's own order. */
export type RankedAfter = { s: number; at: string; id: string } | { s: number; name: string; id: string };

export interface RankedRow {
  id: string;
  score: number;
  at: string;
  name: string;
}

/**
 * One page of a searched library tab (`scope`, its where clause): the same score as the start
 * page, best first, ties in the tab's own order (templates by name, the others by last activity),
 * then id. The score is part of the keyset, so a page follows the last one exactly.
 */
export async function searchTab(
  db: Db,
  scope: SQL,
  q: string,
  locale: Locale,
  byName: boolean,
  after: RankedAfter | null,
  limit: number,
): Promise<RankedRow[]> {
  const terms = searchTerms(q);
  if (terms.length === 0) return [];
  let from = sql``;
  if (after && 'name' in after)
    from = sql`where s.score < ${after.s} or (s.score = ${after.s} and (s.name, s.id) > (${after.name}, ${after.id}::uuid))`;
  else if (after) from = sql`where (s.score, s.active_at, s.id) < (${after.s}, ${after.at}::timestamptz, ${after.id}::uuid)`;
  const order = byName ? sql`s.score desc, s.name, s.id` : sql`s.score desc, s.active_at desc, s.id desc`;
  const result = await db.execute<{ id: string; score: number; at: string; name: string }>(sql`
    select s.id, s.score, to_char(s.active_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, s.name
    from ${scoredSubquery(terms, locale, scope, null)} s
    ${from}
    order by ${order}
    limit ${limit}`);
  return (result as { rows: { id: string; score: number | string; at: string; name: string }[] }).rows.map((r) => ({
    id: r.id,
    score: Number(r.score),
    at: r.at,
    name: r.name,
  }));
}
