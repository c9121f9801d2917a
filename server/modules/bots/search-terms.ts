import type { BotKind } from '../../../contract/bots';

/**
 * How a search reads what a teacher types (decision 281): the words, without stop words, in
 * English or Spanish; phrases teachers use ("lesson plan", "hoja de trabajo") kept together; each
 * term with the other words teachers use for it; subjects and grades marked soft (they raise a
 * bot, never find one alone). bot-search.ts scores bots by these terms in SQL.
 */

/** At most this many words of a query are searched (the rest add nothing but cost). */
export const MAX_WORDS = 8;

/** Accents folded, as both sides of the comparison are read: "Rúbrica" is "rubrica", "año" "ano". */
export const foldAccents = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');

// The bots' side folds its accents in SQL, as foldAccents does for our two languages (server/db/schema/bots.ts, searchable).

/** Words that say nothing of what is wanted, in both languages (PostgreSQL's own lists drop more). */
const STOP_WORDS = new Set(
  (
    'a an the for of to in on at by with without about and or from into as is are be some any my me i we our you your it this that these those ' +
    'how what which want need make create write give get please help new one ' +
    'el la los las lo un una unos unas de del al para por con sin en y e o u que mi mis tu tus su sus sobre como es son se le les ' +
    'quiero necesito hacer crear escribir dame ayuda nuevo nueva'
  ).split(' '),
);

/**
 * The words teachers use for the same thing, in both languages, written as searchWords reads
 * them (lower case, accents folded, stop words left out: "plan de clase" is "plan clase"). A
 * term finds what any member of its groups finds; the groups are not chained ("rubric" and
 * "quiz" share "assessment", yet "rubric" does not find the quiz).
 */
const SYNONYMS: readonly (readonly string[])[] = [
  ['rubric', 'rubrics', 'grading', 'criteria', 'scoring', 'assessment', 'rubrica', 'criterios', 'calificar', 'evaluacion'],
  ['quiz', 'quizzes', 'test', 'exam', 'assessment', 'cuestionario', 'examen', 'prueba', 'evaluacion'],
  ['worksheet', 'practice sheet', 'handout', 'hoja trabajo', 'hoja ejercicios', 'ficha'],
  ['email', 'correo', 'correo electronico', 'letter', 'carta'],
  ['parent', 'family', 'familia', 'padres'],
  ['lesson plan', 'plan clase', 'planeacion', 'planificacion'],
  ['unit plan', 'plan unidad'],
  ['exit ticket', 'boleto salida', 'ticket salida'],
  ['answer key', 'clave respuestas', 'solucionario'],
  ['report card', 'reportcard', 'boleta', 'boleta calificaciones'],
  ['behavior', 'behaviour', 'conduct', 'discipline', 'classroom management', 'conducta', 'comportamiento', 'disciplina', 'manejo aula'],
  ['reading comprehension', 'reading passage', 'comprension lectora', 'comprension lectura', 'texto lectura'],
  ['comprehension', 'understanding', 'comprension', 'entender'],
  ['reading', 'lectura', 'lectora'],
  ['essay', 'writing', 'ensayo', 'redaccion', 'escritura', 'composition'],
  ['vocabulary', 'vocabulario'],
  ['accommodations', 'iep', '504', 'adecuaciones', 'adaptaciones', 'pei'],
  ['differentiation', 'differentiated', 'scaffolding', 'diferenciacion', 'diferenciado'],
  ['brainstorm', 'ideas', 'lluvia ideas'],
  ['standards', 'estandares', 'estandar'],
  ['tutor', 'tutoring', 'tutoria'],
];

/** Subjects (soft): a subject raises the bots about it but finds nothing by itself when the query says more. */
const SUBJECTS: readonly (readonly string[])[] = [
  ['math', 'maths', 'mathematics', 'matematicas', 'mates'],
  ['science', 'ciencias', 'ciencia', 'biology', 'biologia', 'chemistry', 'quimica', 'physics', 'fisica'],
  ['ela', 'language arts', 'english language arts', 'lengua', 'literatura', 'lenguaje'],
  ['social studies', 'history', 'geography', 'estudios sociales', 'ciencias sociales', 'historia', 'geografia'],
  ['world languages', 'spanish', 'french', 'espanol', 'frances', 'idiomas'],
  ['arts', 'art', 'music', 'arte', 'musica'],
  ['health', 'pe', 'physical education', 'salud', 'educacion fisica'],
  ['computer science', 'coding', 'programming', 'programacion', 'informatica'],
];

/** Grades (soft): "grade 5", "5th", "kindergarten", "primaria", "high school". */
const GRADE_WORDS = new Set(
  'grade grades grado grados year kindergarten kinder k prek preschool preescolar elementary middle high primaria secundaria preparatoria bachillerato'.split(
    ' ',
  ),
);
const GRADE_PHRASES = ['high school', 'middle school', 'elementary school'];
const isGradeWord = (w: string) => GRADE_WORDS.has(w) || /^\d{1,2}(st|nd|rd|th|o|a|er|ro|do|to|vo|no)?$/.test(w);

/** A word naming a kind of bot finds every bot of that kind ("tutor" finds all the tutors). */
const KIND_WORDS: Record<string, BotKind> = {
  tutor: 'TutorBot',
  tutoring: 'TutorBot',
  tutoria: 'TutorBot',
  tutorbot: 'TutorBot',
  chatbot: 'ChatBot',
  chat: 'ChatBot',
  docbot: 'DocBot',
};

/** The form a word or phrase is looked up by: a plural's final s left off ("exit tickets" is "exit ticket"). */
const keyOf = (phrase: string) =>
  phrase
    .split(' ')
    .map((w) => (w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w))
    .join(' ');

interface Group {
  members: readonly string[];
  soft: boolean;
}
const groupsByKey = new Map<string, Group[]>();
for (const [list, soft] of [
  [SYNONYMS, false],
  [SUBJECTS, true],
] as const) {
  for (const members of list) {
    for (const m of members) {
      const key = keyOf(m);
      groupsByKey.set(key, [...(groupsByKey.get(key) ?? []), { members, soft }]);
    }
  }
}
const LONGEST_PHRASE = 3;
const isPhrase = (words: string[]) => {
  const key = keyOf(words.join(' '));
  return groupsByKey.has(key) || GRADE_PHRASES.includes(key);
};

/** Typos forgiven in a word: none up to 3 letters, one at 4, two from 5 ("rubirc" is "rubric"). */
export const typosAllowed = (word: string) => (word.length <= 3 ? 0 : word.length === 4 ? 1 : 2);

/**
 * The words of a search as typed: lower case, a hyphen or apostrophe inside a word dropped
 * ("e-mail" is "email"), split on anything that is not a letter or a digit, each word once.
 */
export function searchWords(q: string): string[] {
  const joined = q
    .normalize('NFKC')
    .toLowerCase()
    .replace(/(?<=[\p{L}\p{N}])['’‐-](?=[\p{L}\p{N}])/gu, '');
  return [...new Set(joined.split(/[^\p{L}\p{N}]+/u).filter(Boolean))];
}

/** How strongly an alternative stands for what was typed: the words themselves, a synonym, a part of a phrase. */
export const GRADE = { typed: 4, synonym: 3, part: 2 } as const;

/** One way a term may be found: a word or phrase (its words all in one field), how strongly, the typos allowed, the kind it names. */
export interface Alternative {
  text: string;
  grade: number;
  typos: number;
  kind: BotKind | null;
}

/** One thing the teacher asked for: its alternatives, and whether it is soft (a subject or a grade). */
export interface SearchTerm {
  text: string;
  soft: boolean;
  alternatives: Alternative[];
}

const kindOf = (text: string): BotKind | null => KIND_WORDS[text] ?? KIND_WORDS[keyOf(text)] ?? null;

/** The text itself and every member of its groups. */
function withSynonyms(text: string, grade: number, synonymGrade: number): Alternative[] {
  // Typos are forgiven in what was typed as one word, not in a phrase or its parts.
  const typos = grade === GRADE.typed && !text.includes(' ') ? typosAllowed(text) : 0;
  const own: Alternative = { text, grade, typos, kind: kindOf(text) };
  const others = (groupsByKey.get(keyOf(text)) ?? [])
    .flatMap((g) => g.members)
    .filter((m) => m !== text)
    .map((m) => ({ text: m, grade: synonymGrade, typos: 0, kind: kindOf(m) }));
  return [own, ...others];
}

/** The strongest of each alternative's texts, once each. */
function strongest(alternatives: Alternative[]): Alternative[] {
  const best = new Map<string, Alternative>();
  for (const a of alternatives) {
    const seen = best.get(a.text);
    if (!seen || a.grade > seen.grade) best.set(a.text, a);
  }
  return [...best.values()];
}

/**
 * A query as terms: stop words left out, the longest known phrase at each place kept as one term
 * ("lesson plan photosynthesis" is "lesson plan" and "photosynthesis"), each term with its synonyms
 * and, for a phrase, its own words found more weakly. No terms (only stop words) finds nothing.
 */
export function searchTerms(q: string): SearchTerm[] {
  const words = searchWords(foldAccents(q))
    .filter((w) => !STOP_WORDS.has(w))
    .slice(0, MAX_WORDS);
  const terms: SearchTerm[] = [];
  for (let i = 0; i < words.length;) {
    let n = Math.min(LONGEST_PHRASE, words.length - i);
    while (n > 1 && !isPhrase(words.slice(i, i + n))) n--;
    const parts = words.slice(i, i + n);
    const text = parts.join(' ');
    const groups = groupsByKey.get(keyOf(text)) ?? [];
    const soft =
      groups.length > 0 ? groups.every((g) => g.soft) : GRADE_PHRASES.includes(keyOf(text)) || parts.every((w) => isGradeWord(w));
    const alternatives = [
      ...withSynonyms(text, GRADE.typed, GRADE.synonym),
      ...(parts.length > 1 ? parts.flatMap((w) => withSynonyms(w, GRADE.part, GRADE.part)) : []),
    ];
    terms.push({ text, soft, alternatives: strongest(alternatives) });
    i += n;
  }
  return terms;
}
