import { DataSet, englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import { phraseCategory, spacedReadings } from './safety-phrases';
import { phraseCategoryEs, readsAsSpanish, replyCategoryEs } from './safety-phrases.es';
import { heldReply, providerBlockedReplyIn } from './safe-replies';

/**
 * Student safety (docs/product/safety.md), tier (a): the instant local check of each student message
 * and each tutor reply, the safe replies, and the provider's stricter safety settings. A student's
 * message goes through the phrase rules (safety-phrases.ts: first-person or directed phrases read
 * through a plain spelling that undoes leet, spacing, slang and misspellings, so that "I want to die"
 * is a hit and a lesson about reproduction, war or disease passes), then through a maintained filter
 * of slurs and explicit terms (obscenity's English dataset, which sees through leet-speak, look-alike
 * letters and repeated letters). The Spanish rules (safety-phrases.es.ts) run beside the English ones
 * on every message. A reply keeps its own short list of what a tutor must never say, in both languages.
 * Tier (b), the model's moderation pass (moderation.ts), catches what words miss.
 */

export type SafetyCategory = 'self_harm' | 'safeguarding' | 'violence' | 'sexual' | 'bullying' | 'personal_data';

interface Rule {
  category: SafetyCategory;
  pattern: RegExp;
}

/** A reply is checked for what a tutor must never say to a student. */
const outputRules: Rule[] = [
  {
    category: 'sexual',
    pattern: /\b(porn|porno|pornos|nudes|sexting|sext|horny|blow\s?job|hand\s?job|dick pic|send\s+(me\s+)?pics)\b/i,
  },
  { category: 'sexual', pattern: /\b(have|having|had)\s+sex\s+with\s+(you|me|my)\b/i },
  { category: 'sexual', pattern: /\b(naked|nude)\s+(pics|pictures|photos|selfies?)\b/i },
  { category: 'self_harm', pattern: /\b(you should|why don'?t you|just)\s+(kill|hurt|cut|starve)\s+yourself\b/i },
  { category: 'self_harm', pattern: /\b(ways|how)\s+to\s+(kill|hurt)\s+yourself\b/i },
  { category: 'bullying', pattern: /\b(you'?re|you are)\s+(so\s+)?(stupid|ugly|fat|worthless|a loser|an idiot|pathetic)\b/i },
  { category: 'violence', pattern: /\bhow\s+to\s+(make|build)\s+(a|an)\s+(bomb|explosive|pipe bomb)\b/i },
];

/** Slurs (hate): bullying wherever they appear. */
const slurs = new Set([
  'abeed',
  'africoon',
  'arabush',
  'boonga',
  'chingchong',
  'chink',
  'fag',
  'kike',
  'nigger',
  'retard',
  'spastic',
  'tranny',
]);
/** Explicit sexual terms no lesson needs (the anatomy and reproduction words of a biology lesson are not here). */
const explicit = new Set([
  'blowjob',
  'buttplug',
  'deepthroat',
  'dildo',
  'doggystyle',
  'double penetration',
  'felch',
  'fellatio',
  'finger bang',
  'fisting',
  'gangbang',
  'handjob',
  'hentai',
  'jizz',
  'lubejob',
  'porn',
]);
/** Profanity: a flag only when aimed at someone ("you ..."); "this is shit" alone is not bullying. */
const profanity = new Set([
  'fuck',
  'shit',
  'cunt',
  'bitch',
  'twat',
  'wank',
  'bollocks',
  'arse',
  'ass',
  'dick',
  'cock',
  'prick',
  'bastard',
  'whore',
  'slut',
  'pussy',
  'jerk off',
]);
/**
 * Words the dataset would take for one of the above in ordinary lesson text. Dropped entirely
 * (too often innocent in school: anal, anus, penis, vagina, sex, semen, orgasm, rape, incest,
 * negro in a history of the Negro Leagues, dyke in geology, scat in jazz and biology, hooker in
 * rugby, cum laude, tit the bird, turd, piss, boob, cuck): the moderation pass judges those in context.
 */
const lessonWords = [
  'retardant',
  'retardants',
  'retardation',
  'niggard',
  'niggardly',
  'chink in',
  'chinks in',
  'fagin',
  'spastic colon',
  'spastic paralysis',
  'spastic cerebral',
  'dick whittington',
  'moby dick',
  'dickinson',
  'cockpit',
  'cockpits',
  'wankel',
  'penistone',
  'shiitake',
  'shiitakes',
  'bastardise',
  'bastardised',
  'bastardises',
  'bastardising',
  'bastardisation',
  'bastardize',
  'bastardized',
  'bastardizes',
  'bastardizing',
  'bastardization',
  // Spanish words that hold one of the above: a delay, a bassoon.
  'retardo',
  'retardos',
  'retardar',
  'retardante',
  'retardador',
  'fagot',
  'fagots',
];
/** "porn" and "porno" only as whole words: "pornography" in an essay is for the moderation pass to judge. */
const wholeWordOnly = new Set(['porn']);
const wordEnds = /^(o|s|os)?(?![\p{L}\p{N}])/iu;

const kept = new Set([...slurs, ...explicit, ...profanity]);
const dataset = new DataSet<{ originalWord?: string }>()
  .addAll(englishDataset)
  .removePhrasesIf((p) => !kept.has(p.metadata?.originalWord ?? ''));
const built = dataset.build();
const matcher = new RegExpMatcher({
  ...built,
  whitelistedTerms: [...(built.whitelistedTerms ?? []), ...lessonWords],
  ...englishRecommendedTransformers,
});

const directedNear = /\b(y[o0]u|u|ur|y[o0]ur|y[o0]u'?re|y[o0]ure|ya)\b/i;

/** The filter's verdict on a text: bullying (a slur, or profanity aimed at someone), sexual, or null. */
function filterWords(text: string): SafetyCategory | null {
  let found: SafetyCategory | null = null;
  for (const variant of spacedReadings(text)) {
    for (const match of matcher.getAllMatches(variant, true)) {
      const word = dataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.originalWord ?? '';
      // Kike is a common Spanish name (Enrique): the slur only where the message does not read as Spanish.
      if (word === 'kike' && readsAsSpanish(text)) continue;
      if (slurs.has(word)) return 'bullying';
      if (wholeWordOnly.has(word) && !wordEnds.test(variant.slice(match.endIndex + 1))) continue;
      if (explicit.has(word)) found ??= 'sexual';
      else if (profanity.has(word)) {
        const around = variant.slice(Math.max(0, match.startIndex - 20), match.endIndex + 21);
        if (directedNear.test(around)) return 'bullying';
      }
    }
  }
  return found;
}

const order: SafetyCategory[] = ['self_harm', 'safeguarding', 'violence', 'sexual', 'bullying', 'personal_data'];

/** Of the English and the Spanish rules' findings, the one checked first (self-harm before all). */
function firstInOrder(...found: (SafetyCategory | null)[]): SafetyCategory | null {
  return order.find((c) => found.includes(c)) ?? null;
}

/** The first category the text falls under, or null. */
export function classify(text: string, source: 'input' | 'output'): SafetyCategory | null {
  // Self-harm first: when several match, the reply with help resources matters most.
  if (source === 'input') return firstInOrder(phraseCategory(text), phraseCategoryEs(text)) ?? filterWords(text);
  for (const rule of outputRules) if (rule.pattern.test(text)) return rule.category;
  return replyCategoryEs(text);
}

export {
  safeReply,
  safeReplyCategory,
  crisisLinesInWords,
  heldReply,
  providerBlockedReplyIn,
  isHeldReply,
  type SafetyLocale,
} from './safe-replies';

/** The English held text (heldReply('en')); kept for the callers that do not pass a locale yet. */
export const heldReplyText = heldReply('en');

/** The English reply when the provider's own filter blocks a student-facing answer (providerBlockedReplyIn('en')). */
export const providerBlockedReply = providerBlockedReplyIn('en');

/**
 * Gemini safety settings for student-facing runs. Harassment and hate block from LOW: nothing in a
 * lesson needs them. Sexually explicit and dangerous content block from MEDIUM: LOW is where
 * Gemini rates a biology lesson on reproduction or a history lesson on a war's battles, and those
 * must pass; explicit or instructional content rates MEDIUM or HIGH and is blocked. Teacher runs
 * keep the provider's defaults.
 */
export const studentSafetySettings = [
  { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_LOW_AND_ABOVE' },
  { category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_LOW_AND_ABOVE' },
  { category: 'HARM_CATEGORY_SEXUALLY_EXPLICIT', threshold: 'BLOCK_MEDIUM_AND_ABOVE' },
  { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', threshold: 'BLOCK_MEDIUM_AND_ABOVE' },
] as const;
