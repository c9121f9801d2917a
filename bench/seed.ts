// A realistic installation for load benchmarks (issue 28, item 6): one school of 5,000 students and
// 200 teachers at scale 1 (ten times that at scale 10), written in set-based SQL (INSERT ... SELECT
// over generate_series, a few helper tables dropped at the end) exactly as the app writes its rows:
// the licence with its teachers list and admin, verified accounts with credential passwords, each
// teacher's library (bots of the three kinds, collections, copies of the built-in templates, a few
// shared with the school, a few deleted), five classes per teacher with rosters linked to the
// students' accounts, assignments of TutorBots to classes with a record per student (statuses by
// the assignment's age), the students' tutor conversations and the teachers' own runs and chats,
// the metered AI calls (ai_usage, ai_quota_use) the dashboards read, safety flags, trophies and
// Saved Docs, with timestamps spread over the last 300 days (a school year).
//
// Every id is derived from its row's number (md5, shaped as a v4 uuid), so statements can refer to
// each other's rows without reading them back. `seedInstallation` returns what a load benchmark
// needs: sign-in credentials and samples of ids. Run through bench/seed-installation.ts
// (npm run bench:seed).
import { sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { chatBotSettings, docBotSettings, tutorBotSettings } from '../contract/bots';
import type { Database } from '../server/db/client';
import { syncBuiltinTemplates } from '../server/modules/bots';
import * as words from './seed-content';

export const SCHOOL_ID = '5eed5c00-0000-4000-8000-000000000001';
export const SCHOOL_NAME = 'Lakeside High School';
export const SCHOOL_DOMAIN = 'lakeside.bench.edu';
export const ADMIN_EMAIL = `principal@${SCHOOL_DOMAIN}`;
/** Every seeded account but the named sign-ins below has this password (one hash, computed once). */
export const SHARED_PASSWORD = 'bench-everyone-pass';
/** How many teachers and students (the first of each) get a password of their own. */
export const NAMED_SIGN_INS = 5;

const DAY = 86_400;
/**
 * The bots (by number m within their teacher's 100) deleted by their teacher: a DocBot, a TutorBot
 * and a ChatBot, none of them an assignment's tutor (m = 10i + i % 4), a saved document's (7 + 10i)
 * or one the teacher's runs use.
 */
const DELETED_BOTS = '9, 53, 66';

export interface SeedOptions {
  /** 1: 5,000 students, 200 teachers, 20,000 bots, 200,000 messages, 2,000 assignments; 10: ten times each. */
  scale: number;
  log?: (line: string) => void;
  /** The seed's "now": the school year is the 300 days before it. */
  now?: Date;
}

export interface SeedStep {
  table: string;
  rows: number;
  seconds: number;
}

export interface SignIn {
  userId: string;
  email: string;
  password: string;
  name: string;
}

export interface SeedResult {
  scale: number;
  now: string;
  yearStart: string;
  seconds: number;
  steps: SeedStep[];
  /** Rows per table after the seed (the app's tables only). */
  counts: Record<string, number>;
  school: { id: string; name: string; domain: string };
  credentials: { admin: SignIn; teachers: SignIn[]; students: SignIn[]; sharedPassword: string; sharedPasswordNote: string };
  /** What the named teachers and students own, for the pages a load benchmark opens as them. */
  named: {
    teachers: {
      userId: string;
      email: string;
      bots: { id: string; kind: string; name: string }[];
      assignments: { id: string; title: string; students: number }[];
      conversations: { id: string; botKind: string | null; messages: number }[];
      classes: { id: string; name: string }[];
    }[];
    students: {
      userId: string;
      email: string;
      records: { asid: string; status: string; conversationId: string | null; assignmentId: string }[];
    }[];
  };
  /** Random samples over the whole school (all with the shared password). */
  samples: {
    teachers: { userId: string; email: string }[];
    students: { userId: string; email: string }[];
    bots: { id: string; ownerId: string; kind: string }[];
    assignments: { id: string; ownerId: string; students: number }[];
    teacherConversations: { id: string; ownerId: string; botKind: string | null }[];
    studentRecords: { asid: string; studentId: string; email: string; status: string; conversationId: string | null }[];
  };
}

/** What each scale makes; every count a whole number, the class size 25. */
export function seedSizes(scale: number) {
  const teachers = Math.round(200 * scale);
  const sizes = {
    teachers,
    students: teachers * 25,
    classesPerTeacher: 5,
    classes: teachers * 5,
    assignments: teachers * 10,
    botsPerTeacher: 100,
    bots: teachers * 100,
    teacherConversationsPerTeacher: 25,
    messages: teachers * 1000,
    /** A quarter of the messages are teachers' (runs and chats), the rest students' tutor sessions. */
    teacherPairs: (teachers * 1000) / 8,
    studentPairs: ((teachers * 1000) / 8) * 3,
  };
  if (teachers < 10 || Math.abs(teachers - 200 * scale) > 1e-9)
    throw new Error(`BENCH_SCALE=${scale} must give a whole number of teachers (200 × scale), at least 10.`);
  return sizes;
}

/** Multipliers coprime with the number of students: each period's classes are a different shuffle of the school. */
function periodMultipliers(students: number, periods: number): number[] {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const out: number[] = [];
  for (const p of [1, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43]) if (gcd(p, students) === 1 && out.length < periods) out.push(p);
  return out;
}

/** The content the SQL picks from, with the bots' settings passed through the contract (valid as the app writes them). */
function contentJson() {
  const tutorSettings = [
    {
      gradeLevel: 'Grade 8',
      learningObjectives: 'Students can explain the key idea and apply it to a new example.',
      welcomeMessage: "Hi! Let's work on this together.",
    },
    {
      gradeLevel: 'Grade 10',
      tutoringStyle: 'explain_then_check',
      completionCriteria: 'The student answers three questions in a row correctly.',
    },
    { tutoringStyle: 'practice_quiz', quizLength: 8, welcomeMessage: 'Ready for a quick quiz?' },
    { gradeLevel: 'Grade 6', learningObjectives: 'Build confidence with the basics.' },
  ].map((s) => tutorBotSettings.parse(s));
  const chatSettings = [
    {
      welcomeMessage: 'Ask me anything about this topic.',
      starterPrompts: ['Explain it simply', 'Give me an example', 'Common mistakes?'],
    },
    {},
    { starterPrompts: ['Plan a starter activity', 'Suggest discussion questions'] },
  ].map((s) => chatBotSettings.parse(s));
  const docSettings = [
    {
      formInputs: [
        { key: 'grade', label: 'Grade level', kind: 'grade_level', required: true },
        { key: 'minutes', label: 'Lesson length', kind: 'number', unit: 'minutes', min: 10, max: 120, default: 50 },
        { key: 'goals', label: 'Learning goals', kind: 'long_text' },
      ],
      outputFormat: 'Headings for each part of the lesson, bullet lists, times in minutes.',
    },
    {
      formInputs: [
        { key: 'questions', label: 'Number of questions', kind: 'number', min: 1, max: 30, default: 10 },
        { key: 'difficulty', label: 'Difficulty', kind: 'select', options: ['Easy', 'Mixed', 'Hard'], default: 'Mixed' },
      ],
      canGenerateImages: true,
    },
    { formInputs: [{ key: 'task', label: 'Describe the assignment', kind: 'long_text', required: true }] },
  ].map((s) => docBotSettings.parse(s));
  // A run's inputs as startBotRun keeps them: the filled fields of the bot's form, in its order.
  const docInputs = [
    [
      { key: 'grade', label: 'Grade level', value: 'Grade 8' },
      { key: 'minutes', label: 'Lesson length', value: '50' },
      { key: 'goals', label: 'Learning goals', value: 'Explain the key idea; apply it to two examples.' },
    ],
    [
      { key: 'questions', label: 'Number of questions', value: '10' },
      { key: 'difficulty', label: 'Difficulty', value: 'Mixed' },
    ],
    [{ key: 'task', label: 'Describe the assignment', value: 'A one-page poster explaining the topic with one real-world example.' }],
  ];
  return {
    ...words,
    trophyTeacherReasons: words.trophyReasons.teacher,
    tutorSettings,
    chatSettings,
    docSettings,
    docInputs,
  };
}

type Content = ReturnType<typeof contentJson>;

/**
 * Seeds the installation into a migrated, empty database (PostgreSQL or PGlite) and returns the
 * credentials and samples. Takes a few minutes at scale 1 on PostgreSQL at most.
 */
export async function seedInstallation(database: Database, options: SeedOptions): Promise<SeedResult> {
  const db = database.db;
  const log = options.log ?? (() => undefined);
  const z = seedSizes(options.scale);
  const T0 = options.now ?? new Date();
  const Y0 = new Date(T0.getTime() - 300 * DAY * 1000);
  const content = contentJson();
  const started = performance.now();
  const steps: SeedStep[] = [];

  const [existing] = await rowsOf<{ n: number }>(database, `select count(*)::int as n from "user"`);
  if (existing && existing.n > 0) throw new Error('The database already has accounts: bench:seed fills an empty, migrated database only.');

  // ---- SQL helpers (strings: every value below is a number or a literal this file controls) ----
  const T = z.teachers;
  const N = z.students;
  const K = z.classes;
  const CS = N / T;
  const now = `timestamptz '${T0.toISOString()}'`;
  const y0 = `timestamptz '${Y0.toISOString()}'`;
  /** An instant `seconds` after the school year's start. */
  const at = (seconds: string) => `(${y0} + (${seconds}) * interval '1 second')`;
  const secs = (seconds: string) => `((${seconds}) * interval '1 second')`;
  /** A non-negative int from text. */
  const H = (text: string) => `(hashtext(${text}) & 2147483647)`;
  /** A v4-shaped uuid from a kind and text. */
  const U = (kind: string, text: string) => `overlay(overlay(md5('${kind}:' || (${text})) placing '4' from 13) placing '8' from 17)::uuid`;
  const teacherId = (t: string) => `substr(md5('teacher:' || (${t})), 1, 32)`;
  const studentId = (s: string) => `substr(md5('student:' || (${s})), 1, 32)`;
  const pick = (list: keyof Content, index: string) => `(sc.cj->'${list}'->>(((${index}) % ${(content[list] as unknown[]).length})::int))`;
  const pickJson = (list: keyof Content, index: string) =>
    `(sc.cj->'${list}'->(((${index}) % ${(content[list] as unknown[]).length})::int))`;
  const topic = (text: string) => `replace(${text}, '{topic}', topic)`;
  const teacherFirst = (t: string) => pick('firstNames', `(${t}) * 7 + 3`);
  const teacherLast = (t: string) => pick('lastNames', `(${t}) / 60 + (${t}) * 11`);
  const teacherEmail = (t: string) => `lower(left(${teacherFirst(t)}, 1) || ${teacherLast(t)}) || (${t}) || '@${SCHOOL_DOMAIN}'`;
  const studentFirst = (s: string) => pick('firstNames', `(${s}) * 13 + 1`);
  const studentLast = (s: string) => pick('lastNames', `(${s}) / 60 + (${s}) * 17`);
  const studentEmail = (s: string) => `lower(${studentFirst(s)} || '.' || ${studentLast(s)}) || (${s}) || '@${SCHOOL_DOMAIN}'`;
  /** Bot m of teacher t is bot t + T*m; its kind follows m (4 in 10 TutorBots, 3 ChatBots, 3 DocBots). */
  const botKind = (m: string) => `(case when (${m}) % 10 < 4 then 'TutorBot' when (${m}) % 10 < 7 then 'ChatBot' else 'DocBot' end)`;
  const botTopic = (t: string, m: string) => pick('topics', `(${t}) * 3 + (${m}) * 7`);
  const classCreated = (k: string) => at(`${DAY} * (${H(`'class:' || (${k})`)} % 7) + 8 * 3600`);
  const multipliers = periodMultipliers(N, z.classesPerTeacher);

  async function step(table: string, statement: string) {
    const t = performance.now();
    const result = (await db.execute(sql.raw(statement))) as { rowCount?: number | null; affectedRows?: number };
    const rows = Number(result.rowCount ?? result.affectedRows ?? 0);
    const seconds = (performance.now() - t) / 1000;
    steps.push({ table, rows, seconds });
    log(`  ${table.padEnd(22)} ${rows.toLocaleString('en-US').padStart(11)} rows ${seconds.toFixed(1).padStart(7)} s`);
  }

  log(`Seeding scale ${options.scale}: ${T} teachers, ${N} students, ${z.bots} bots, ${z.assignments} assignments, ${z.messages} messages`);
  await db.execute(sql.raw(`drop table if exists _seed_content, _seed_rec, _seed_tconv, _seed_conv`));
  await db.execute(sql.raw(`create unlogged table _seed_content (cj jsonb not null)`));
  await db.execute(sql`insert into _seed_content (cj) values (${JSON.stringify(content)}::jsonb)`);

  // ---- The school, its people and their passwords ----
  const sharedHash = await hashPassword(SHARED_PASSWORD);
  await step(
    'school_licence',
    `insert into school_licence (id, schoolname, domain, domains, admins, created_at, updated_at)
     values ('${SCHOOL_ID}', '${SCHOOL_NAME}', '${SCHOOL_DOMAIN}', array['${SCHOOL_DOMAIN}'], array['${ADMIN_EMAIL}'],
       ${at(`-60 * ${DAY}`)}, ${at(`-60 * ${DAY}`)})`,
  );
  await step(
    'user (teachers)',
    `insert into "user" (id, name, email, email_verified, role, created_at, updated_at, last_sign_in_at)
     select ${teacherId('t')}, ${teacherFirst('t')} || ' ' || ${teacherLast('t')}, ${teacherEmail('t')}, true, 'teacher',
       ${at(`-${DAY} * (30 + ${H(`'tu:' || t`)} % 200)`)}, ${at(`-${DAY} * 30`)},
       ${now} - ${secs(`${H(`'tl:' || t`)} % (20 * ${DAY})`)}
     from generate_series(0, ${T - 1}) t cross join _seed_content sc`,
  );
  await step(
    'user (admin)',
    `insert into "user" (id, name, email, email_verified, role, created_at, updated_at, last_sign_in_at)
     values (substr(md5('admin:1'), 1, 32), 'Jordan Ellis', '${ADMIN_EMAIL}', true, 'teacher', ${at(`-60 * ${DAY}`)}, ${at(`-60 * ${DAY}`)},
       ${now} - interval '2 days')`,
  );
  await step(
    'user (students)',
    `insert into "user" (id, name, email, email_verified, role, created_at, updated_at, last_sign_in_at)
     select ${studentId('s')}, ${studentFirst('s')} || ' ' || ${studentLast('s')}, ${studentEmail('s')}, true, 'student',
       ${at(`${DAY} * (${H(`'su:' || s`)} % 10)`)}, ${at(`${DAY} * 10`)},
       case when ${H(`'sl:' || s`)} % 10 = 0 then null else ${now} - ${secs(`${H(`'sl:' || s`)} % (40 * ${DAY})`)} end
     from generate_series(0, ${N - 1}) s cross join _seed_content sc`,
  );
  await step(
    'account',
    `insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at)
     select substr(md5('account:' || u.id), 1, 32), u.id, 'credential', u.id, '${sharedHash}', u.created_at, u.created_at from "user" u`,
  );
  await step(
    'school_teacher',
    `insert into school_teacher (school_id, email, building, created_at)
     select '${SCHOOL_ID}'::uuid, ${teacherEmail('t')}, ${pick('buildings', 't')}, ${at(`-${DAY} * 45`)}
     from generate_series(0, ${T - 1}) t cross join _seed_content sc
     union all select '${SCHOOL_ID}'::uuid, '${ADMIN_EMAIL}', 'Main Building', ${at(`-${DAY} * 60`)}
     union all select '${SCHOOL_ID}'::uuid, 'new.teacher' || i || '@${SCHOOL_DOMAIN}', null, ${now} - ${secs(`i * 3 * ${DAY}`)}
       from generate_series(1, ${Math.max(1, Math.round(T / 20))}) i`,
  );
  // The named sign-ins: passwords of their own, hashed as sign-up hashes them.
  const signIn = async (email: string, password: string): Promise<SignIn> => {
    const hash = await hashPassword(password);
    await db.execute(sql`update account set password = ${hash} where user_id = (select id from "user" where email = ${email})`);
    const [u] = await rowsOf<{ id: string; name: string }>(
      database,
      `select id, name from "user" where email = '${email.replace(/'/g, "''")}'`,
    );
    return { userId: u!.id, email, password, name: u!.name };
  };
  const emailsOf = async (ids: string) =>
    (await rowsOf<{ email: string; n: number }>(database, `select email, n from (${ids}) x order by n`)).map((r) => r.email);
  const admin = await signIn(ADMIN_EMAIL, 'bench-admin-pass');
  const teacherSignIns: SignIn[] = [];
  for (const [i, email] of (
    await emailsOf(
      `select ${teacherEmail('t')} as email, t as n from generate_series(0, ${NAMED_SIGN_INS - 1}) t cross join _seed_content sc`,
    )
  ).entries())
    teacherSignIns.push(await signIn(email, `bench-teacher-${i + 1}-pass`));
  const studentSignIns: SignIn[] = [];
  for (const [i, email] of (
    await emailsOf(
      `select ${studentEmail('s')} as email, s as n from generate_series(0, ${NAMED_SIGN_INS - 1}) s cross join _seed_content sc`,
    )
  ).entries())
    studentSignIns.push(await signIn(email, `bench-student-${i + 1}-pass`));

  // ---- Libraries: the built-in templates (as the server installs them at start), collections, bots ----
  {
    const t = performance.now();
    await syncBuiltinTemplates(db);
    steps.push({ table: 'bot (templates)', rows: 0, seconds: (performance.now() - t) / 1000 });
  }
  // A fifth of the bots are copies of a built-in template of their kind. The template ids are read
  // here once: a subquery on bot inside the insert into bot would scan the growing table per row.
  const templates = await rowsOf<{ kind: string; ids: string[] }>(
    database,
    `select kind, array_agg(id::text order by template_key) as ids from bot where template_key is not null group by kind`,
  );
  const templateOf = (kind: string, index: string) =>
    templates.length === 0
      ? 'null::uuid'
      : `case ${kind} ${templates
          .map((t) => `when '${t.kind}' then (array[${t.ids.map((id) => `'${id}'`).join(', ')}]::uuid[])[1 + ${index} % ${t.ids.length}]`)
          .join(' ')} end`;
  await step(
    'bot_collection',
    `insert into bot_collection (id, owner_id, kind, name, position, created_at, updated_at)
     select ${U('col', `t || ':' || kd.kind || ':' || i`)}, ${teacherId('t')}, kd.kind, ${pick('collectionNames', 't + i * 2 + kd.n')}, i,
       ${at(`${DAY} * (i * 60 + ${H(`'col:' || t`)} % 30)`)}, ${at(`${DAY} * (i * 60 + ${H(`'col:' || t`)} % 30)`)}
     from generate_series(0, ${T - 1}) t cross join (values ('TutorBot', 0), ('ChatBot', 1), ('DocBot', 2)) kd(kind, n)
       cross join generate_series(0, 1) i cross join _seed_content sc`,
  );
  await step(
    'bot',
    `insert into bot (id, owner_id, school_id, kind, name, description, icon, instructions, settings, temperature, visibility,
       collection_id, copied_from, version, last_used_at, active_at, created_at, updated_at, deleted_at)
     select ${U('bot', 'b')}, ${teacherId('x.t')}, '${SCHOOL_ID}'::uuid, y.kind,
       left(case y.kind when 'TutorBot' then topic || ' ' || ${pick('tutorNouns', 'x.m / 10 + x.t')}
         when 'ChatBot' then topic || ' ' || ${pick('chatNouns', 'x.m / 10 + x.t')}
         else ${pick('docNouns', 'x.m / 10 + x.t')} || ': ' || topic end, 80),
       ${topic(`case y.kind when 'TutorBot' then ${pick('tutorDescriptions', 'x.h')} when 'ChatBot' then ${pick('chatDescriptions', 'x.h')} else ${pick('docDescriptions', 'x.h')} end`)},
       case y.kind when 'TutorBot' then ${pick('tutorIcons', 'x.h / 3')} when 'ChatBot' then ${pick('chatIcons', 'x.h / 3')} else ${pick('docIcons', 'x.h / 3')} end,
       ${topic(`case y.kind when 'TutorBot' then ${pick('tutorInstructions', 'x.h / 5')} when 'ChatBot' then ${pick('chatInstructions', 'x.h / 5')} else ${pick('docInstructions', 'x.m')} end`)},
       case y.kind when 'TutorBot' then jsonb_set(${pickJson('tutorSettings', 'x.m / 10')}, '{subject}', to_jsonb(left(topic, 80)))
         when 'ChatBot' then ${pickJson('chatSettings', 'x.m / 10')} else ${pickJson('docSettings', 'x.m')} end,
       (array[0.7, 0.7, 0.5, 0.9])[1 + x.h % 4],
       case when x.m % 50 in (1, 15, 28) then 'school' else 'private' end,
       case when x.m % 3 = 0 then ${U('col', `x.t || ':' || y.kind || ':' || (x.m / 3) % 2`)} end,
       case when x.h % 5 = 0 then ${templateOf('y.kind', '(x.h / 5)')} end,
       1 + x.h % 5, w.last_used, greatest(w.updated, coalesce(w.last_used, w.updated)), w.created, w.updated,
       case when x.m in (${DELETED_BOTS}) then least(${now}, w.updated + interval '1 day') end
     from generate_series(0, ${z.bots - 1}) b cross join _seed_content sc
       cross join lateral (select b % ${T} as t, b / ${T} as m, ${H(`'bot:' || b`)} as h) x
       cross join lateral (select ${botKind('x.m')} as kind, ${botTopic('x.t', 'x.m')} as topic) y
       cross join lateral (select ${at(`-20 * ${DAY} + x.h % (280 * ${DAY})`)} as created) v
       cross join lateral (select least(${now} - interval '1 hour', v.created + ${secs(`(x.h / 7) % (10 * ${DAY})`)}) as updated) u
       cross join lateral (select v.created as created, u.updated as updated,
         case when x.m % 10 = 8 then null else least(${now} - interval '1 minute', u.updated + ${secs(`(x.h / 13) % (40 * ${DAY})`)}) end as last_used) w`,
  );

  // ---- Classes: five per teacher (one per period), 25 students each; every student in five ----
  await step(
    'teacher_class',
    `insert into teacher_class (id, owner_id, name, section, created_at, updated_at)
     select ${U('class', 'k')}, ${teacherId(`k % ${T}`)}, 'Grade ' || (6 + (k % ${T}) % 7) || ' ' || ${pick('subjects', `k % ${T}`)},
       'Period ' || (k / ${T} + 1), ${classCreated('k')}, ${classCreated('k')}
     from generate_series(0, ${K - 1}) k cross join _seed_content sc`,
  );
  await step(
    'roster_entry',
    `insert into roster_entry (id, class_id, email, name, user_id, source, added_at, removed_at)
     select ${U('re', `s || ':' || j`)}, ${U('class', 'x.k')}, ${studentEmail('s')}, ${studentFirst('s')} || ' ' || ${studentLast('s')}, ${studentId('s')},
       case when ${H(`'src:' || s || ':' || j`)} % 10 = 0 then 'code' else 'teacher' end,
       ${classCreated('x.k')} + ${secs(`${H(`'add:' || s || ':' || j`)} % (3 * ${DAY})`)},
       case when s % 97 = 13 and j = 4 then ${at(`120 * ${DAY}`)} end
     from generate_series(0, ${N - 1}) s cross join generate_series(0, ${z.classesPerTeacher - 1}) j cross join _seed_content sc
       cross join lateral (select j * ${T} + ((s::bigint * (array[${multipliers.join(', ')}])[j + 1]) % ${N}) / ${CS} as k) x`,
  );

  // ---- Assignments: ten per teacher, two per class, each of one of the teacher's TutorBots ----
  await step(
    'assignment',
    `insert into assignment (id, owner_id, bot_id, title, instructions, due_at, message_budget, closed_at, deleted_at, version,
       idempotency_key, created_at, updated_at)
     select ${U('asg', 'a')}, ${teacherId('y.t')}, ${U('bot', `y.t + ${T} * w.m`)}, left(w.topic || ': ' || ${pick('assignmentSuffixes', 'y.idx + y.t')}, 200),
       ${topic(pick('assignmentInstructions', 'x.h / 11'))}, v.due, case when x.h % 3 = 0 then 20 + x.h % 30 end, q.closed,
       case when a % 250 = 123 then least(${now}, v.created + interval '2 days') end, 1 + x.h % 3,
       md5('assignment-key:' || a), v.created, coalesce(q.closed, v.created)
     from generate_series(0, ${z.assignments - 1}) a cross join _seed_content sc
       cross join lateral (select a % ${K} as k, a / ${K} as r, ${H(`'asg:' || a`)} as h) x
       cross join lateral (select x.k % ${T} as t, 2 * (x.k / ${T}) + x.r as idx) y
       cross join lateral (select 10 * y.idx + y.idx % 4 as m, ${botTopic('y.t', '10 * y.idx + y.idx % 4')} as topic) w
       cross join lateral (select ${at(`${DAY} * (y.idx * 31 + x.h % 10) + 3600 * (8 + (x.h / 10) % 8)`)} as created) c
       cross join lateral (select c.created, case when x.h % 10 = 0 then null else c.created + (7 + (x.h / 100) % 14) * interval '1 day' end as due) v
       cross join lateral (select case when v.due + interval '7 days' < ${now} and (x.h / 1000) % 2 = 0 then v.due + interval '7 days' end as closed) q`,
  );
  await step(
    'assignment_class',
    `insert into assignment_class (assignment_id, class_id) select ${U('asg', 'a')}, ${U('class', `a % ${K}`)} from generate_series(0, ${z.assignments - 1}) a`,
  );

  // ---- Records: one per assignment and student of its class; statuses by the assignment's age ----
  // The started ones share the students' messages out exactly: each gets its fair share of turns,
  // give or take a pair's difference (one longer, its neighbour shorter by the same).
  const shares = (total: number, rk = 'rk', n = 'n', d = 'd') =>
    `(${total} / ${n} + case when ${rk} < ${total} % ${n} then 1 else 0 end
      + case when ${rk} % 2 = 0 and ${rk} + 1 < ${n} then ${d} when ${rk} % 2 = 1 then -${d} else 0 end)`;
  await step(
    '_seed_rec (helper)',
    `create unlogged table _seed_rec as
     with base as (
       select ${U('rec', `a.id::text || ':' || re.email`)} as id, a.id as assignment_id, a.owner_id, a.bot_id, a.title,
         split_part(a.title, ': ', 1) as topic, a.created_at as a_created, a.due_at, a.deleted_at,
         re.id as roster_entry_id, re.email, re.name, re.user_id, ${H(`a.id::text || ':' || re.email`)} as h
       from assignment a join assignment_class ac on ac.assignment_id = a.id
         join roster_entry re on re.class_id = ac.class_id and (re.removed_at is null or re.removed_at > a.created_at)
     ), st as (
       select base.*, case when coalesce(due_at, a_created + interval '14 days') < ${now} then
           case when h % 100 < 35 then 'completed' when h % 100 < 50 then 'submitted' when h % 100 < 60 then 'in_progress' else 'assigned' end
         else case when h % 100 < 5 then 'completed' when h % 100 < 15 then 'submitted' when h % 100 < 45 then 'in_progress' else 'assigned' end
         end as status
       from base
     ), ranked as (
       select st.*, row_number() over (partition by status <> 'assigned' order by id) - 1 as rk,
         count(*) over (partition by status <> 'assigned') as n
       from st
     ), paired as (
       select ranked.*, ${H(`'pair:' || (rk / 2)`)} % greatest(${z.studentPairs} / n, 1) as d from ranked
     ), timed as (
       select paired.*, case when status = 'assigned' then 0 else ${shares(z.studentPairs)} end as pairs,
         least(a_created + ${secs(`(h / 100) % (4 * ${DAY})`)}, ${now} - interval '3 hours') as started_at, 90 + (h / 7) % 200 as gap
       from paired
     )
     select timed.*, case when pairs > 0 then ${U('sconv', 'id::text')} end as conv_id,
       started_at + ${secs('(pairs - 1) * gap + 25')} as last_active
     from timed`,
  );
  await step(
    'conversation (students)',
    `insert into conversation (id, owner_id, bot_id, bot_kind, title, created_at, updated_at)
     select conv_id, user_id, bot_id::text, 'tutorbot', left(title, 80), started_at, last_active from _seed_rec where pairs > 0`,
  );
  await step(
    'student_assignment',
    `insert into student_assignment (id, assignment_id, email, name, roster_entry_id, student_id, status, conversation_id, message_count,
       time_spent_seconds, started_at, last_active_at, submitted_at, completed_at, feedback, feedback_at, version, created_at, updated_at)
     select r.id, r.assignment_id, r.email, r.name, r.roster_entry_id,
       case when r.pairs > 0 or r.h % 3 = 0 then r.user_id end, r.status, r.conv_id, r.pairs,
       case when r.pairs > 0 then (r.pairs - 1) * r.gap else 0 end,
       case when r.pairs > 0 then r.started_at end, case when r.pairs > 0 then r.last_active end,
       f.submitted, f.completed,
       case when f.completed is not null and r.h % 2 = 0 then ${pick('feedbacks', 'r.h / 3')} else '' end,
       case when f.completed is not null and r.h % 2 = 0 then f.completed end,
       case r.status when 'assigned' then 1 when 'in_progress' then 2 when 'submitted' then 3 else 4 end,
       r.a_created, coalesce(f.completed, f.submitted, case when r.pairs > 0 then r.last_active end, r.a_created)
     from _seed_rec r cross join _seed_content sc
       cross join lateral (select case when r.status in ('submitted', 'completed') then r.last_active + interval '5 minutes' end as submitted) s
       cross join lateral (select s.submitted, case when r.status = 'completed'
         then least(${now} - interval '1 minute', s.submitted + (1 + (r.h / 3) % 3) * interval '1 day') end as completed) f`,
  );

  // ---- The teachers' own conversations: runs of their bots, and the plain assistant one in ten ----
  await step(
    '_seed_tconv (helper)',
    `create unlogged table _seed_tconv as
     with base as (
       select t, c, ${U('tconv', `t || ':' || c`)} as conv_id, ${H(`'tconv:' || t || ':' || c`)} as h,
         case when c % 10 = 9 then null when (c * 7 + 3) % 100 in (${DELETED_BOTS}) then (c * 7 + 3) % 100 + 1 else (c * 7 + 3) % 100 end as m
       from generate_series(0, ${T - 1}) t cross join generate_series(0, ${z.teacherConversationsPerTeacher - 1}) c
     ), ranked as (
       select base.*, row_number() over (order by conv_id) - 1 as rk, count(*) over () as n from base
     ), paired as (
       select ranked.*, ${H(`'tpair:' || (rk / 2)`)} % greatest(${z.teacherPairs} / n, 1) as d from ranked
     )
     select p.conv_id, p.t, p.m, p.h, ${teacherId('p.t')} as owner_id,
       case when p.m is null then null else ${U('bot', `p.t + ${T} * p.m`)} end as bot_id,
       case when p.m is null then null else ${botKind('p.m')} end as bot_kind,
       case when p.m is null then ${pick('topics', 'p.h / 3')} else ${botTopic('p.t', 'p.m')} end as topic,
       ${shares(z.teacherPairs, 'p.rk', 'p.n', 'p.d')} as pairs,
       ${at(`${DAY} * (p.h % 295) + 3600 * (7 + (p.h / 300) % 12) + (p.h / 7) % 3600`)} as started_at, 60 + (p.h / 11) % 240 as gap
     from paired p cross join _seed_content sc`,
  );
  const userText = (side: string, kind: string, seq: string, hash: string) =>
    `case when ${side} = 'student' then ${pick('studentQuestions', hash)}
       when ${kind} = 'DocBot' then case when ${seq} = 1 then ${pick('docRequests', '0')} else ${pick('docRequests', `1 + ${hash} % ${content.docRequests.length - 1}`)} end
       else ${pick('teacherQuestions', hash)} end`;
  await step(
    'conversation (teachers)',
    `insert into conversation (id, owner_id, bot_id, bot_kind, title, created_at, updated_at)
     select c.conv_id, c.owner_id, c.bot_id::text, lower(c.bot_kind),
       case when c.bot_kind = 'DocBot' then b.name else left(${topic(userText("'teacher'", 'c.bot_kind', '1', H(`c.conv_id::text || ':1'`)))}, 80) end,
       c.started_at, c.started_at + ${secs('(c.pairs - 1) * c.gap + 45')}
     from _seed_tconv c cross join _seed_content sc left join bot b on b.id = c.bot_id`,
  );
  await step(
    'bot_run',
    `insert into bot_run (conversation_id, bot_id, inputs, created_at)
     select c.conv_id, c.bot_id, case when c.bot_kind = 'DocBot' then ${pickJson('docInputs', 'c.m')} else '[]'::jsonb end, c.started_at
     from _seed_tconv c cross join _seed_content sc where c.bot_id is not null`,
  );

  // ---- Messages and the metered calls that made the replies ----
  await step(
    '_seed_conv (helper)',
    `create unlogged table _seed_conv as
     select conv_id, user_id as owner_id, owner_id as pool_owner_id, 'student' as side, 'TutorBot' as bot_kind, bot_id::text as bot_id,
       id as record_id, pairs, started_at, gap, 25 as reply_secs, topic, h
     from _seed_rec where pairs > 0
     union all
     select conv_id, owner_id, owner_id, 'teacher', bot_kind, bot_id::text, null, pairs, started_at, gap,
       case when bot_kind = 'DocBot' then 45 else 20 end, topic, h
     from _seed_tconv`,
  );
  const reply = `case when c.side = 'student' then ${pick('tutorReplies', 'x.mh')} || case when x.mh % 3 = 0 then E'\\n\\n' || ${pick('tutorReplies', 'x.mh / 7')} else '' end
       when c.bot_kind = 'DocBot' then ${pick('docBodies', 'x.mh')}
       else ${pick('chatReplies', 'x.mh')} end`;
  await step(
    'ai_message',
    `insert into ai_message (id, conversation_id, seq, role, text, status, reply_to, idempotency_key, created_at, updated_at)
     select ${U('msg', `c.conv_id::text || ':' || g`)}, c.conv_id, g, case when g % 2 = 1 then 'user' else 'assistant' end,
       case when g % 2 = 1 then ${topic(userText('c.side', 'c.bot_kind', 'g', 'x.mh'))}
         when x.cut then left(${topic(reply)}, 200) else ${topic(reply)} end,
       case when x.cut then 'interrupted' else 'complete' end,
       case when g % 2 = 0 then ${U('msg', `c.conv_id::text || ':' || (g - 1)`)} end,
       case when g % 2 = 1 then ${U('key', `c.conv_id::text || ':' || g`)}::text end,
       x.ts, x.ts
     from _seed_conv c cross join _seed_content sc cross join lateral generate_series(1, 2 * c.pairs) g
       cross join lateral (select ${H(`c.conv_id::text || ':' || g`)} as mh,
         c.started_at + ${secs(`((g - 1) / 2) * c.gap + case when g % 2 = 0 then c.reply_secs else 0 end`)} as ts,
         (g % 2 = 0 and g = 2 * c.pairs and c.h % 50 = 7) as cut) x`,
  );
  await step(
    'ai_usage',
    `insert into ai_usage (user_id, pool_owner_id, school_id, bot_id, conversation_id, message_id, kind, provider, model,
       input_tokens, output_tokens, images, latency_ms, outcome, created_at)
     select c.owner_id, c.pool_owner_id, '${SCHOOL_ID}'::uuid, c.bot_id, c.conv_id, m.id,
       case when m.role = 'assistant' then 'text' else 'moderation' end, 'gemini', 'gemini-2.5-flash',
       case when m.role = 'assistant' then 400 + m.seq * 150 + x.h % 200 else 150 + length(m.text) / 4 end,
       case when m.role = 'assistant' then length(m.text) / 4 else 20 end, 0,
       case when m.role = 'assistant' then 800 + x.h % 6000 else 300 + x.h % 900 end,
       case when m.status = 'interrupted' then 'interrupted' else 'ok' end,
       case when m.role = 'assistant' then m.created_at else m.created_at + interval '1 second' end
     from ai_message m join _seed_conv c on c.conv_id = m.conversation_id
       cross join lateral (select ${H('m.id::text')} as h) x
     where m.role = 'assistant' or c.side = 'student'`,
  );
  await step(
    'ai_quota_use',
    `insert into ai_quota_use (pool_owner_id, month, kind, used)
     select pool_owner_id, to_char(created_at at time zone 'UTC', 'YYYY-MM'), kind, count(*)
     from ai_usage where kind in ('text', 'image') and outcome <> 'error' group by 1, 2, 3`,
  );

  // ---- What the teacher sees on the records: flags on a few students' messages, trophies ----
  await step(
    'safety_flag',
    `insert into safety_flag (conversation_id, student_assignment_id, message_id, student_id, teacher_id, bot_id, category, severity,
       reason, source, detected_by, reviewed_at, reviewed_by, review_note, alerted_at, created_at)
     select c.conv_id, c.record_id, m.id, c.owner_id, c.pool_owner_id, c.bot_id, f.category,
       case when f.category = 'self_harm' then 'high' else (array['low', 'medium', 'medium', 'high'])[1 + f.h % 4] end,
       ${pick('flagReasons', 'f.h / 5')}, 'input', case when f.h % 2 = 0 then 'words' else 'moderation' end,
       r.reviewed, case when r.reviewed is not null then c.pool_owner_id end,
       case when r.reviewed is not null and f.h % 3 = 0 then 'Spoke with the student.' else '' end,
       m.created_at, m.created_at
     from ai_message m join _seed_conv c on c.conv_id = m.conversation_id and c.side = 'student' cross join _seed_content sc
       cross join lateral (select ${H(`'flag:' || m.id::text`)} as h) f0
       cross join lateral (select f0.h as h, ${pick('flagCategories', 'f0.h / 7')} as category) f
       cross join lateral (select case when f.h % 10 < 7 then least(${now}, m.created_at + interval '1 day') end as reviewed) r
     where m.role = 'user' and f0.h % 1000 < 3`,
  );
  await step(
    'trophy',
    `insert into trophy (student_assignment_id, kind, reason, awarded_by, created_at)
     select r.id, 'keptGoing', '${words.trophyReasons.keptGoing}', null, r.last_active + interval '5 minutes'
       from _seed_rec r where r.status = 'completed' and r.h % 3 = 0
     union all
     select r.id, 'early', '${words.trophyReasons.early}', null, r.last_active + interval '5 minutes'
       from _seed_rec r where r.status in ('submitted', 'completed') and r.due_at is not null and r.last_active < r.due_at and r.h % 4 = 1
     union all
     select r.id, 'teacher', ${pick('trophyTeacherReasons', 'r.h / 9')}, r.owner_id, r.last_active + interval '1 day'
       from _seed_rec r cross join _seed_content sc where r.status = 'completed' and r.h % 10 = 2`,
  );
  await step(
    'saved_item',
    `insert into saved_item (id, owner_id, kind, title, body, bot_id, bot_kind, bot_name, created_at, updated_at)
     select ${U('saved', `t || ':' || i`)}, ${teacherId('t')}, 'document', ${topic(pick('savedTitles', 'i'))}, ${topic(pick('docBodies', 'i'))},
       b.id, 'DocBot', b.name, x.created, x.created + interval '10 minutes'
     from generate_series(0, ${T - 1}) t cross join generate_series(0, 9) i cross join _seed_content sc
       join bot b on b.id = ${U('bot', `t + ${T} * (7 + 10 * i)`)}
       cross join lateral (select ${botTopic('t', '7 + 10 * i')} as topic,
         ${at(`${DAY} * (i * 29 + ${H(`'saved:' || t || ':' || i`)} % 20) + 3600 * 16`)} as created) x`,
  );

  // ---- Samples, then the helper tables go and the planner gets its statistics ----
  const named = await namedOf(database, teacherSignIns, studentSignIns);
  const samples = await samplesOf(database);
  await db.execute(sql.raw(`drop table _seed_content, _seed_rec, _seed_tconv, _seed_conv`));
  {
    const t = performance.now();
    await db.execute(sql.raw(`vacuum (analyze)`));
    const seconds = (performance.now() - t) / 1000;
    steps.push({ table: 'vacuum analyze', rows: 0, seconds });
    log(`  ${'vacuum analyze'.padEnd(22)} ${''.padStart(11)}      ${seconds.toFixed(1).padStart(7)} s`);
  }
  const counts: Record<string, number> = {};
  for (const table of countedTables) {
    const [row] = await rowsOf<{ n: number }>(database, `select count(*)::int as n from "${table}"`);
    counts[table] = Number(row?.n ?? 0);
  }
  return {
    scale: options.scale,
    now: T0.toISOString(),
    yearStart: Y0.toISOString(),
    seconds: (performance.now() - started) / 1000,
    steps,
    counts,
    school: { id: SCHOOL_ID, name: SCHOOL_NAME, domain: SCHOOL_DOMAIN },
    credentials: {
      admin,
      teachers: teacherSignIns,
      students: studentSignIns,
      sharedPassword: SHARED_PASSWORD,
      sharedPasswordNote: 'Every other seeded account (teachers, students) signs in with this password.',
    },
    named,
    samples,
  };
}

export const countedTables = [
  'user',
  'account',
  'school_licence',
  'school_teacher',
  'bot_collection',
  'bot',
  'teacher_class',
  'roster_entry',
  'assignment',
  'assignment_class',
  'student_assignment',
  'conversation',
  'bot_run',
  'ai_message',
  'ai_usage',
  'ai_quota_use',
  'safety_flag',
  'trophy',
  'saved_item',
] as const;

async function rowsOf<T>(database: Database, statement: string): Promise<T[]> {
  // Both drivers answer { rows }: node-postgres's QueryResult and PGlite's Results.
  return ((await database.db.execute<Record<string, unknown>>(sql.raw(statement))) as { rows: T[] }).rows;
}

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

async function namedOf(database: Database, teachers: SignIn[], students: SignIn[]): Promise<SeedResult['named']> {
  const out: SeedResult['named'] = { teachers: [], students: [] };
  for (const t of teachers) {
    const id = q(t.userId);
    out.teachers.push({
      userId: t.userId,
      email: t.email,
      bots: await rowsOf(
        database,
        `select id, kind, name from bot where owner_id = ${id} and deleted_at is null order by active_at desc, id desc limit 9`,
      ),
      assignments: await rowsOf(
        database,
        `select a.id, a.title, (select count(*)::int from student_assignment sa where sa.assignment_id = a.id) as students
         from assignment a where a.owner_id = ${id} and a.deleted_at is null order by a.created_at desc`,
      ),
      conversations: await rowsOf(
        database,
        `select c.id, c.bot_kind as "botKind", (select count(*)::int from ai_message m where m.conversation_id = c.id) as messages
         from conversation c where c.owner_id = ${id} order by c.updated_at desc limit 10`,
      ),
      classes: await rowsOf(
        database,
        `select id, name || ', ' || section as name from teacher_class where owner_id = ${id} order by section`,
      ),
    });
  }
  for (const s of students) {
    out.students.push({
      userId: s.userId,
      email: s.email,
      records: await rowsOf(
        database,
        `select sa.id as asid, sa.status, sa.conversation_id as "conversationId", sa.assignment_id as "assignmentId"
         from student_assignment sa join assignment a on a.id = sa.assignment_id
         where sa.email = ${q(s.email)} and a.deleted_at is null order by a.created_at desc`,
      ),
    });
  }
  return out;
}

async function samplesOf(database: Database): Promise<SeedResult['samples']> {
  return {
    teachers: await rowsOf(
      database,
      `select u.id as "userId", u.email from "user" u where u.role = 'teacher' and u.email <> '${ADMIN_EMAIL}' order by md5(u.id) limit 100`,
    ),
    students: await rowsOf(
      database,
      `select u.id as "userId", u.email from "user" u where u.role = 'student' order by md5(u.id) limit 500`,
    ),
    bots: await rowsOf(
      database,
      `select id, owner_id as "ownerId", kind from bot where owner_id is not null and deleted_at is null order by md5(id::text) limit 200`,
    ),
    assignments: await rowsOf(
      database,
      `select a.id, a.owner_id as "ownerId", (select count(*)::int from student_assignment sa where sa.assignment_id = a.id) as students
       from assignment a where a.deleted_at is null order by md5(a.id::text) limit 200`,
    ),
    teacherConversations: await rowsOf(
      database,
      `select c.id, c.owner_id as "ownerId", c.bot_kind as "botKind" from _seed_tconv t join conversation c on c.id = t.conv_id
       order by md5(c.id::text) limit 200`,
    ),
    studentRecords: await rowsOf(
      database,
      `select r.id as asid, r.user_id as "studentId", r.email, r.status, r.conv_id as "conversationId" from _seed_rec r
       where r.deleted_at is null and exists (select 1 from roster_entry re where re.id = r.roster_entry_id and re.removed_at is null)
       order by md5(r.id::text) limit 200`,
    ),
  };
}
