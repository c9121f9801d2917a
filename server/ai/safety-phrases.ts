import type { SafetyCategory } from './safety';

/**
 * The phrase rules of the instant safety check (tier a, docs/product/safety.md) on a student's
 * message. A message is first brought to one plain spelling, so that one rule covers the ways
 * children write it:
 *
 * 1. lower case (NFKC first, so full-width and styled letters become plain ones);
 * 2. letters written apart are joined ("k i l l", "d.i.e", "s-u-i-c-i-d-e"), as a second reading;
 * 3. apostrophes inside words dropped ("don't" is "dont"), hyphens between letters made spaces;
 * 4. leet folded inside words that have letters (0→o 1→i 3→e 4→a 5→s 7→t @→a $→s, ! and | inside
 *    a word → i and l), a lone 1 before a word read as "i", a lone 2 between words as "to";
 * 5. slang, text-speak and common misspellings mapped to one word ("wanna" → "want to",
 *    "evry1" → "everyone", "myslef" → "myself", "scool" → "school"), and "i am", "you are", "do
 *    not" written as "im", "youre", "dont";
 * 6. every run of one letter cut to one letter ("diiiie", "kil", "beter" read as "die", "kill",
 *    "better"). The rules are written in ordinary spelling and cut the same way when compiled
 *    (skeleton), so "kill" in a rule matches "kil", "kill" and "killll".
 *
 * The rules are phrases, not single words: who is speaking and about whom decides (a student's
 * "I want to die" is a hit; "why does Romeo want to die?" is a literature question). Personal
 * data is found on the text as written (digits, e-mail shapes, capitalised street names), with
 * cue phrases read on the plain spelling.
 */

// ---------------------------------------------------------------------------------------------
// Normalisation

/** Letters written apart ("f u c k", "n.i.g.g.e.r", "r-e-t-a-r-d") joined back into a word. */
export const spacedOut = /(?<![\p{L}\p{N}])(?:[\p{L}\p{N}@$!*][\s.\-_*,]+){2,}[\p{L}\p{N}@$!*](?![\p{L}\p{N}])/gu;
/** The same, leaving out a word "a" or "i" that happens to start the run ("a f a g" is "a fag"). */
export const spacedOutAfterWord = new RegExp(
  `(?<![\\p{L}\\p{N}])(?![ai]\\s)${spacedOut.source.slice('(?<![\\p{L}\\p{N}])'.length)}`,
  'giu',
);
export const joinSpaced = (run: string) => run.replace(/[\s.\-_*,]+/g, '');

/** The text as written and, when it has letters written apart, its readings with them joined. */
export function spacedReadings(text: string): string[] {
  spacedOut.lastIndex = 0;
  if (!spacedOut.test(text)) return [text];
  return [...new Set([text, text.replace(spacedOut, joinSpaced), text.replace(spacedOutAfterWord, joinSpaced)])];
}

const leet: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i', '|': 'l' };

/** Text-speak with digits, read before the leet folding would turn its digits into letters. */
const digitSlang: Record<string, string> = {
  b4: 'before',
  '2day': 'today',
  '2moro': 'tomorrow',
  '2morrow': 'tomorrow',
  '2morow': 'tomorrow',
  '2nite': 'tonight',
  '4ever': 'forever',
  '4eva': 'forever',
  every1: 'everyone',
  evry1: 'everyone',
  no1: 'no one',
  some1: 'someone',
  any1: 'anyone',
  h8: 'hate',
  h8s: 'hates',
  l8r: 'later',
};

/** One word for the slang, text-speak and misspellings the rules would otherwise each spell out. */
const wordMap: Record<string, string> = {
  wanna: 'want to',
  wana: 'want to',
  wan: 'want',
  wnat: 'want',
  wnt: 'want',
  watn: 'want',
  whant: 'want',
  wamt: 'want',
  gonna: 'going to',
  gona: 'going to',
  gunna: 'going to',
  gnna: 'going to',
  finna: 'going to',
  boutta: 'about to',
  ima: 'im going to',
  imma: 'im going to',
  iam: 'im',
  gotta: 'got to',
  tryna: 'trying to',
  u: 'you',
  ya: 'you',
  yu: 'you',
  yuo: 'you',
  r: 'are',
  cuz: 'because',
  coz: 'because',
  bc: 'because',
  dnt: 'dont',
  cnt: 'cant',
  cannot: 'cant',
  wud: 'would',
  wld: 'would',
  cud: 'could',
  shud: 'should',
  wat: 'what',
  wut: 'what',
  wht: 'what',
  wats: 'whats',
  wuts: 'whats',
  wots: 'whats',
  ppl: 'people',
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  tomoro: 'tomorrow',
  tomorow: 'tomorrow',
  tommorow: 'tomorrow',
  tonite: 'tonight',
  foreva: 'forever',
  forevr: 'forever',
  evryone: 'everyone',
  everyon: 'everyone',
  evrybody: 'everybody',
  noone: 'no one',
  nobdy: 'nobody',
  myslef: 'myself',
  mysef: 'myself',
  myselfe: 'myself',
  mself: 'myself',
  meself: 'myself',
  myslf: 'myself',
  urself: 'yourself',
  yoself: 'yourself',
  yourslef: 'yourself',
  sewerslide: 'suicide',
  lfe: 'life',
  lyfe: 'life',
  lyf: 'life',
  liveing: 'living',
  livin: 'living',
  thinkin: 'thinking',
  goin: 'going',
  alot: 'a lot',
  anymor: 'anymore',
  dissapear: 'disappear',
  disapear: 'disappear',
  dissaper: 'disappear',
  agian: 'again',
  agin: 'again',
  skool: 'school',
  scool: 'school',
  shcool: 'school',
  schol: 'school',
  skul: 'school',
  nife: 'knife',
  knif: 'knife',
  murda: 'murder',
  murdah: 'murder',
  merder: 'murder',
  murdur: 'murder',
  beet: 'beat',
  shoote: 'shoot',
  adress: 'address',
  adres: 'address',
  numbr: 'number',
  numba: 'number',
  nmbr: 'number',
  fone: 'phone',
  emial: 'email',
  emal: 'email',
  pasword: 'password',
  passwrd: 'password',
  liv: 'live',
  ugli: 'ugly',
  ugley: 'ugly',
  ugle: 'ugly',
  dum: 'dumb',
  anoying: 'annoying',
  discusting: 'disgusting',
  disgustin: 'disgusting',
  stoopid: 'stupid',
  stupit: 'stupid',
  stupd: 'stupid',
  idoit: 'idiot',
  idot: 'idiot',
  worthles: 'worthless',
  secks: 'sex',
  seks: 'sex',
  nudez: 'nudes',
  noodz: 'nudes',
  noods: 'nudes',
  nudies: 'nudes',
  sned: 'send',
  stepdda: 'stepdad',
  setpdad: 'stepdad',
  wen: 'when',
  scraed: 'scared',
  scard: 'scared',
  ther: 'there',
  hittin: 'hitting',
  beatin: 'beating',
  snd: 'send',
  pls: 'please',
  plz: 'please',
};

/** Phrases written several ways, each to one spelling (after the word map). */
const phraseMap: [RegExp, string][] = [
  [/\bi am\b/g, 'im'],
  [/\bi have\b/g, 'ive'],
  [/\bi will\b/g, 'ill'],
  [/\bi would\b/g, 'id'],
  [/\byou are\b|\byou re\b/g, 'youre'],
  [/\bhe is\b/g, 'hes'],
  [/\bshe is\b/g, 'shes'],
  [/\bthey are\b/g, 'theyre'],
  [/\bthey will\b/g, 'theyll'],
  [/\b(do|does|did|is|was|were|would|could|should|have|has|are) not\b/g, '$1nt'],
  [/\bcan not\b/g, 'cant'],
  [/\bwill not\b/g, 'wont'],
  [/\bwhat is\b/g, 'whats'],
  [/\bthere is\b/g, 'theres'],
  [/\bit is\b/g, 'its'],
  [/\blet us\b/g, 'lets'],
  [/\bmy (?:slef|self|sefl|slef)\b/g, 'myself'],
  [/\b(?:your|ur|yo) self\b/g, 'yourself'],
  [/\bany more\b/g, 'anymore'],
  [/\bfor ever\b/g, 'forever'],
  [/\bno body\b/g, 'nobody'],
  [/\bevery one\b/g, 'everyone'],
  [/\bsewer slide\b/g, 'suicide'],
  [/\bun alive\b/g, 'unalive'],
  [/\be mail\b/g, 'email'],
  [/\b(mums|moms|mams) bf\b/g, '$1 boyfriend'],
];

/** A run of one letter cut to one letter: the form every rule is compared in. */
const skeleton = (text: string) => text.replace(/(\p{L})\1+/gu, '$1');

/** A rule's source in skeleton form: runs of one letter cut to one, escapes (\b, \s) left whole. */
function skeletonPattern(source: string): string {
  let out = '';
  let previous = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      out += c + (source[i + 1] ?? '');
      i++;
      previous = '';
    } else if (c >= 'a' && c <= 'z') {
      if (c !== previous) out += c;
      previous = c;
    } else {
      out += c;
      previous = '';
    }
  }
  return out;
}

/** A lower-cased text in the plain spelling the phrase rules read. */
export function plainSpelling(lower: string): string {
  let t = lower.replace(/(?<=[\p{L}\p{N}])['’‘`´](?=\p{L})/gu, '').replace(/(?<=\p{L})[-_](?=\p{L})/gu, ' ');
  t = t.replace(/[\p{L}\p{N}@$!|]+/gu, (token) => {
    if (digitSlang[token]) return digitSlang[token];
    if (!/\p{L}/u.test(token) || !/[013457@$!|]/.test(token)) return token;
    const end = /[!|]+$/.exec(token)?.[0] ?? '';
    return [...token.slice(0, token.length - end.length)].map((c) => leet[c] ?? c).join('') + end;
  });
  t = t.replace(/(?<![\p{L}\p{N}])1(?=\s+\p{L})/gu, 'i').replace(/(?<=\p{L}\s+)2(?=\s+\p{L})/gu, 'to');
  t = t.replace(/\p{L}+/gu, (word) => wordMap[word] ?? word);
  for (const [pattern, replacement] of phraseMap) t = t.replace(pattern, replacement);
  return skeleton(t).replace(/\s+/g, ' ').trim();
}

// ---------------------------------------------------------------------------------------------
// Rules

const compile = (source: string) => new RegExp(skeletonPattern(source));

/** The speaker: "i", "im", "ive", "id", "ill" (after "i am" → "im" and so on). */
const I = String.raw`\b(?:i|im|ive|id|ill)\b`;
/** A few words between the speaker and the verb, none of which names someone else as the subject. */
const gap = (n: number) =>
  String.raw`(?:\s+(?!(?:he|she|they|we|you|hes|shes|theyre|people|someone|somebody|everyone|character|characters|romeo|juliet|does|did|why|when|narrator|speaker|poet|author|soldier|soldiers)\b)\S+){0,${n}}?`;
/** "suicide", "suicidal" and their misspellings (sucide, suiside, suacide, sucidal), not "succeed". */
const SUI = String.raw`s[uo][aei]?[cs]{1,2}[iy][aei]?d[a-z]*`;
/** What "i want to ..." wishes when it is a wish to die. */
const DEATH = [
  String.raw`die(?!\s+(?:of|from|laughing|for|if i dont|without|in\s+(?:minecraft|fortnite|roblox|the game))\b)`,
  'be dead',
  String.raw`end it(?:\s+all)?(?!\s+(?:with|by|on|there|here|like|at|in|now|for|off|so)\b)`,
  'end (?:my|this) life',
  'end things',
  'end everything',
  'kill myself',
  'hurt myself',
  'harm myself',
  `commit ${SUI}`,
  SUI,
  'unalive(?: myself)?',
  'self delete',
  'not (?:be alive|exist|wake up|live)',
  'stop (?:existing|living|breathing)',
  'never wake up',
  'disappear forever',
  '(?:be|become) unalive',
  '(?:go to |fall )?(?:sleep|asleep) forever',
].join('|');
const WISH =
  'want|wanted|wish|could|need|going|plan|planning|try|trying|tried|decided|ready|about|will|would|should|deserve|hope|gonna|like';
const SELF_VERBS = [
  'kill',
  'killing',
  'killed',
  'hurt',
  'hurting',
  'harm',
  'harming',
  'harmed',
  'cut',
  'cutting',
  'burn',
  'burning',
  'burnt',
  'burned',
  'starve',
  'starving',
  'poison',
  'poisoning',
  'hang',
  'hanging',
  'drown',
  'drowning',
  'stab',
  'stabbing',
  'shoot',
  'shooting',
  'punish',
  'punishing',
  'unalive',
  'unaliving',
  'scratch',
  'scratching',
  'suffocate',
  'strangle',
  'choke',
].join('|');
/** After "hurt myself" and the like: the small accidents of a school day. */
const accident = String.raw`(?!\s+(?:on\s+(?:a|an|the|some|my)\b|playing|by accident|accidentally|in\s+(?:pe|art|science|dt|food tech|class|the kitchen|games|football|rugby|the foot)|at\s+(?:football|rugby|netball|school|lunch|break|the park)|during|when i (?:fell|tripped|was)|while|laughing)\b)`;
const PILLS = 'pills|tablets|paracetamol|painkillers|ibuprofen|aspirin|tylenol|advil|sleeping pills|antidepressants|meds|medicine';
const HERE = 'here|around|alive';

const selfHarm: string[] = [
  // A wish or a plan to die: "i want to die", "im going to kill myself", "i hate my life and want to die".
  String.raw`${I}${gap(5)}\s+(?:${WISH})\s+(?:to\s+)?(?:(?:just|finally|really|go|be able to|simply)\s+)?(?:${DEATH})\b`,
  String.raw`(?<!\b(?:does|did|do|would|why)\s+\w+\s+)\b(?:want|wanna|wish|ready)\s+to\s+(?:just\s+)?(?:disappear|vanish)\s+(?:forever|permanently|for good|and never come back)\b`,
  // Doing it to oneself: "kill myself", "cutting myself", "k i l l m y s e l f" (joined).
  String.raw`(?<!accidentally\s)\b(?:${SELF_VERBS})\s*myself\b${accident}`,
  String.raw`\b(?:throw|throwing|yeet|yeeting|launch|hurl)\s+myself\s+(?:off|from|in front of|under|into)\b`,
  String.raw`${I}${gap(4)}\s+(?:jump|jumping|leap)\s+(?:off|from|in front of|under)\s+(?:(?:a|the|this|that|my|our)\s+)?(?:\w+\s+){0,2}?(?:bridge|building|roof|cliff|car|train|tower|balcony|window|motorway|bus|lorry|truck|tracks|block of flats)\b`,
  String.raw`\bi\s+(?:\w+\s+){0,3}?(?:cut|cuts|cutting|slit|slice|sliced|burn|burned|burnt|scratch|scratched|carve|carved)\s+my\s+(?:arms?|wrists?|legs?|thighs?|skin|stomach|hips?)\b(?!\s+(?:on|playing|when|while|in|at|by|during|open on)\b)`,
  String.raw`\b(?:fresh|new)\s+(?:cuts|scars)\s+on\s+my\b|\b(?:cuts|scars)\s+on\s+my\s+(?:wrists?|thighs?)\b|\b(?:arms?|wrists?|legs?|thighs?)\b.{0,25}\bbarcode\b`,
  String.raw`\b(?:until|till|til)\s+(?:i|they|it)\s+bleeds?\b`,
  String.raw`\b(?:cut|cutting|slit|slitting)\s+(?:my|your)\s+wrists?\b`,
  // Suicidal, self-harm, overdose in the first person.
  String.raw`\b(?:i|im|ive|id|me|my)\b(?:\s+(?:feel|felt|feeling|been|get|getting|got|was|keep|kept|have|having|had|think|thought|thinking|considering|considered|about|of|really|so|very|kinda|kind|pretty|lowkey|honestly|always|sometimes|often|still|just|literally|constantly|again|like|going|through|these|those|dark|more|and|a|lot|am|being|started)){0,4}\s+${SUI}\b(?!\s+(?:is|was|in|of|rates?|prevention|bombers?|squad|attacks?|missions?|theme|helpline)\b)`,
  String.raw`\b(?:end|ending|take|taking)\s+my\s+(?:own\s+)?life\b`,
  String.raw`\b${SUI}\s+is\s+(?:the\s+only|my\s+only|the)\s+(?:way|option|answer|choice|way out)\b`,
  String.raw`\bmy\s+(?:${SUI}|goodbye)\s+(?:note|letter|plan)\b`,
  String.raw`\b(?:wrote|written|writing|write|left)\s+(?:my\s+)?(?:goodbye|${SUI}|last|final)\s+(?:letters?|notes?)\b`,
  String.raw`\b(?:i|ive|im)\s+(?:(?:been|have|keep|kept|started|still|sometimes|do|did|want to|also|often|always|really|just|used to|am|was|again|going to)\s+){0,3}(?:self harm|self harming|self harmed|selfharm|selfharming)\b`,
  String.raw`\b(?:i|im)\s+(?:\w+\s+)?(?:feel like|want to|need to|wanting to|have the urge to)\s+(?:cut|cutting|self harm|self harming|sh|burn myself|burning myself)\s+(?:again|tonight|so bad|so badly|really bad)\b|\b(?:urge|urges|craving)\s+to\s+(?:cut|self harm|sh)\b`,
  String.raw`\brelapsed?\b.{0,20}\b(?:sh|self harm|selfharm|cutting|cut)\b|\b(?:sh|self harm)\b.{0,20}\brelapse`,
  String.raw`${I}\s+(?:(?:want to|going to|will|might|could|should|planning to|plan to|tried to|try to|just|already|about to|think ill|wish i could|finally|really)\s+){1,3}(?:overdose|od|overdoes|overdosed|take an overdose)\b`,
  String.raw`\b(?:take|took|taking|swallow|swallowed|swallowing|drink|drank|drinking|downed)\s+(?:a\s+|the\s+)?(?:whole|entire|full|all(?: of)?(?: my| the)?)?\s*(?:bottle|box|pack|packet|handful|bunch|lot|load|loads|tub)\s+of\s+(?:\w+\s+)?(?:${PILLS})\b`,
  String.raw`\b(?:take|took|swallow|swallowed)\s+all\s+(?:of\s+)?(?:my|the|my mums|my moms|my dads)\s+(?:\w+\s+)?(?:${PILLS})\b`,
  String.raw`\bhow\s+many\s+(?:\w+\s+){0,2}(?:${PILLS})\b.{0,40}\b(?:would it take|does it take|to die|to kill|kill (?:me|you|a person|someone)|to overdose|is lethal|is deadly|to not wake up|would kill|will kill)`,
  // Asking how.
  String.raw`\b(?:most painless|painless|easiest|quickest|fastest|best|least painful|surest|quietest)\s+(?:way|ways|method|methods)\s+(?:to|of)\s+(?:die(?!\s+in\s+(?:minecraft|fortnite|roblox|the game)\b)|dying|kill (?:myself|yourself|urself)|end (?:it|my life|your life)|commit ${SUI}|${SUI}|overdose|od)\b`,
  String.raw`\bhow\s+(?:long|much|many)\b.{0,30}\b(?:bleed out|bleed to death|until (?:i|you) die|before (?:i|you) die)\b`,
  String.raw`\bhow\s+(?:high|tall|far)\b.{0,50}\b(?:to die|die if|kill (?:you|me)|and die)\b`,
  String.raw`\b(?:how\s+(?:do|can|would|should|to)\s+(?:i\s+|you\s+)?|i\s+(?:want|need|going)\s+to\s+|teach me (?:how\s+)?to\s+|show me how to\s+)(?:tie|make)\s+a\s+noose\b`,
  String.raw`\b(?:what|which)\b.{0,40}\b(?:would|could|will|to)\s+kill\s+me\b|\bkill\s+me\s+if\s+i\s+(?:drank|drink|swallow|swallowed|took|inhale|inhaled|mixed)\b`,
  // Not wanting to be here, being a burden, the world better without me.
  String.raw`\b(?:i|im)\s+(?:dont|no longer|dont really|dont even)\s+(?:want|wish|feel like)\s+(?:to\s+)?(?:be\s+(?:${HERE})\s*(?:anymore|no more|ever again|on this earth|in this world|for much longer)|be\s+alive|live(?!\s+(?:in|with|at|on|near|there|here|abroad|like)\b)|exist|wake up|be on this earth|be in this world|(?:go on|keep going|keep living|carry on)(?=\s*(?:$|[.!,?]|anymore|living|like this)))`,
  String.raw`\b(?:everyone|everybody|the world|my family|my (?:mum|mom|dad|parents|friends)|people|they|you all|yall|my class|the class)\s+(?:would|will|d|are going to)\s+(?:be\s+)?(?:so\s+|much\s+|a lot\s+)?(?:better|happier|fine)\b.{0,20}\b(?:without me|if i (?:was|were|wasnt|werent|died|disappeared)\b|(?:when|if) im (?:gone|dead))`,
  String.raw`\b(?:id|im|ill)\s+(?:be\s+)?(?:so\s+)?(?:much\s+)?better\s+off\s+dead\b`,
  String.raw`\bwhats\s+(?:even\s+)?the\s+point\s+(?:of|in)\s+(?:anything|everything|living|life anymore|being alive|going on|trying anymore|it all|me|existing|even living|waking up|my life|being here|carrying on|any of (?:this|it))\b`,
  String.raw`\bno\s+(?:reason|point)\s+(?:to|in|of)\s+(?:live|living|being alive|going on|keep going|keeping going|carry on|carrying on|existing|exist|me being here|wake up|waking up|stay alive|staying alive|be alive)\b`,
  String.raw`\b(?:i|im|ive been|i feel)\s+(?:so\s+|really\s+|just\s+)?(?:tired|sick|done)\s+(?:of|with)\s+(?:living|being alive|life|existing|it all|my life)\b`,
  String.raw`\bcant\s+go\s+on\b(?!\s+(?:the|a|to|with|holiday|trip|stage)\b)|\bcant\s+(?:live|cope)\s+(?:like this|anymore)\b`,
  String.raw`\bi\s+wish\s+i\s+(?:was|were|wasnt|werent|had|hadnt|didnt|could|would|was never|had never|were never)\s+(?:just\s+)?(?:dead|never (?:been )?born|not born|die|disappear|stop existing|sleep forever|not wake up|never wake up|gone)\b|\bi\s+wish\s+i\s+(?:wasnt|werent|didnt)\s+(?:even\s+)?(?:alive|exist|here)\b`,
  String.raw`\b(?:go to sleep|sleep|fall asleep)\s+(?:and\s+)?(?:never|not)\s+wake\s+up\b`,
  String.raw`\b(?:i|im)\s+(?:just\s+)?(?:want|wish|need)\s+(?:for\s+)?(?:it all|everything|all of (?:it|this)|my life|this life|life)\s+to\s+(?:stop|end|be over)\b|\b(?:the pain|the hurt)\s+to\s+(?:stop|end|go away)\s+(?:forever|for good|permanently)\b`,
  String.raw`\b(?:my\s+)?(?:life|living)\s+(?:isnt|is no longer|aint)\s+(?:even\s+)?worth\s+(?:living|it)\b|\bmy\s+life\s+is\s+(?:so\s+)?(?:pointless|meaningless|worthless|over|not worth)\b`,
  String.raw`\b(?:no|dont see a|dont see any|cant see a|cant see any|theres no)\s+(?:future|way out)\s+(?:for me|anymore|left for me)\b`,
  String.raw`\bi\s+(?:wont|will no longer)\s+(?:even\s+)?be\s+(?:${HERE})\b(?!\s+(?:tomorrow|on|next|for the|at|in|this|today|until|after|before|to|for|because|as|when|while|so|but|if)\b)|\bwont\s+be\s+(?:${HERE})\s+(?:much longer|for (?:much\s+)?long|anymore)\b`,
  String.raw`\b(?:i|ill)\s+(?:wont|will not)\s+need\s+(?:them|it|these|this|anything|my \w+|any of (?:it|this|my \w+))\s+(?:soon|anymore|where im going|after (?:today|tomorrow|this week))`,
  String.raw`\b(?:easier|better)\s+(?:for everyone\s+)?if\s+i\s+(?:(?:wasnt|werent|didnt)\s+(?:alive|here|around|exist|born)|(?:was|were)\s+(?:dead|gone|never born)|died|disappeared)\b`,
  String.raw`\b(?:no one|nobody)\s+(?:would|will|is going to|even|really)?\s*(?:even\s+)?(?:notice|care|cry|remember me|come to my funeral)\b.{0,30}?\b(?:if|when|once)\s+(?:i|im)\s+(?:(?:was|were|am)\s+(?:gone|dead|not here|not around|never born)|died|die|disappeared|disappear|gone|dead|killed myself|wasnt here|wasnt around|wasnt alive|dyed)\b`,
  String.raw`\b(?:no one|nobody)\s+(?:would|will)\s+(?:even\s+)?miss\s+me\b`,
  String.raw`\b(?:for|after|once)\s+(?:when\s+)?im\s+(?:gone|dead|not here)\b(?!\s+(?:on|for|to|from)\b)|\bwhen\s+im\s+(?:gone|dead)\b(?!\s+(?:on|for|to|from)\b)`,
  String.raw`\b(?:this\s+is|its)\s+(?:my\s+)?(?:final\s+|last\s+)?goodbye\b(?!\s+for\s+(?:now|today|tonight)\b)`,
  String.raw`\b(?:im\s+)?saying\s+(?:my\s+)?(?:goodbye|goodbyes|bye)\s+to\s+(?:everyone|everybody|you all|all of you|the world|my family)\b(?!.{0,30}\b(?:at|school|class|party|moving|move|leaving)\b)`,
  String.raw`\bim\s+(?:(?:just|such|only|nothing but|a|an|so|really|literally|like)\s+){0,3}(?:burden|waste of space|waste of oxygen|waste of air)\b`,
  String.raw`\bi\s+(?:should|shouldnt|dont deserve to)\s+(?:just\s+)?(?:not\s+)?(?:exist|be alive|live|have been born)\b`,
  String.raw`\bhate\s+(?:myself|my life)\b.{0,40}\b(?:disappear|die|be dead|not exist|end it|kill myself|gone forever)\b`,
  String.raw`${I}\s+(?:(?:just|will|might|could|should|going to|finally|really|probably|definitely|literally|honestly|seriously|may)\s+){1,3}(?:end it all|end my life|end things|kill myself|unalive myself|commit ${SUI}|hang myself|overdose)\b`,
  String.raw`\b(?:normal|okay|ok|bad|wrong|weird)\s+to\s+(?:want|wish)\s+to\s+(?:die|be dead|kill yourself|not exist|disappear)\b|\bwant\s+to\s+die\s+(?:every day|every night|all the time|so bad|so much|right now)\b`,
  String.raw`\b(?:thinking|thought|think|planning|plan|going|decided|feel like)\s+(?:of|about|on|to)?\s*(?:ending it|ending it all|ending things|ending everything|end it tonight)\b(?!\s+(?:with|by|on|there|here|like|at|in)\b)`,
  String.raw`\bhow\s+(?:do|does|did|would|can|could)\s+(?:people|you|someone|a person|kids)\s+(?:hang|kill|drown|poison|suffocate|overdose|cut)\s+(?:themselves|yourself|themself)\b`,
  String.raw`\b(?:lethal|deadly|fatal)\s+(?:dose|amount)\s+of\b|\bhow\s+much\s+(?:\w+\s+)?(?:is|would be)\s+(?:lethal|deadly|fatal)\b`,
  String.raw`\b(?:took|taken|take|swallowed|swallow|had)\s+(?:like\s+|about\s+|over\s+|around\s+)?\d{2,}\s+(?:of\s+)?(?:\w+\s+){0,2}(?:${PILLS})\b`,
  String.raw`\b(?:i|im|ive)\s+(?:(?:cant stop|been|keep|started|am|still|was|back to)\s+){0,2}(?:cutting|self harming|burning myself)(?=\s*(?:$|[.!,?]|again|myself|my (?:arms?|wrists?|legs?|thighs?)|every))`,
  String.raw`\b(?:want to|wish i could|feel like|going to|just want to|could just|gonna)\s+(?:just\s+)?(?:disappear|disappearing|vanish|vanishing)\s+(?:and never (?:come|coming) back|forever|for good|permanently|from this world|from (?:the|this) earth|from existence|off the face of the earth)\b`,
  String.raw`\bi\s+(?:just\s+)?want\s+out\b(?!\s+of\s+(?:this|the|here)\s+(?:lesson|class|group|club|team|school|game|chat|room)\b)`,
  String.raw`\bnothing\s+(?:left\s+)?to\s+live\s+for\b|\bno\s+reason\s+(?:left\s+)?to\s+(?:live|stay alive)\b`,
  String.raw`\b(?:thinking|think|thought)\s+(?:about|of)\s+(?:jumping|throwing myself|stepping|walking)\s+(?:off|in front of|under|into)\b`,
  String.raw`\btheres\s+no\s+point\s+(?:anymore|in anything|in trying anymore|in living|in me)\b`,
  String.raw`\b(?:cant|dont think i can|dont know if i can)\s+(?:keep going|keep living|take it anymore|take this anymore|do life|go on)\b(?!\s+(?:with|to|on|at|the|a)\b)`,
  String.raw`\b(?:having|have|had|get|getting|got|my|these|the)\s+${SUI}\s+(?:thoughts|feelings)\b|^\s*${SUI}\s+(?:thoughts|feelings)\b|\b${SUI}\s+(?:thoughts|feelings)\s+(?:every|all the time|again|at night|tonight|lately|recently)\b`,
  String.raw`\b(?:no one|nobody)\s+(?:would\s+|even\s+|really\s+)?(?:cares?)\s+(?:if|whether)\s+i\s+(?:live or die|die|live|am alive|exist|disappear)\b`,
  String.raw`\b(?:want|wish i could|ready)\s+to\s+(?:go to heaven|be with (?:my\s+)?\w+\s+in heaven|join (?:my\s+)?\w+\s+in heaven|see (?:my\s+)?\w+\s+in heaven)\b`,
  String.raw`\bi(?:m not going to| wont| will not)\s+be\s+(?:here|around|alive)\s+(?:for\s+)?(?:much longer|very long|long|anymore)\b`,
  String.raw`^\s*(?:my\s+)?life\s+is\s+(?:so\s+)?(?:pointless|not worth living)\b|\bmy\s+life\s+is\s+(?:so\s+)?pointless\b`,
  String.raw`\bwhats\s+the\s+point\b.{0,40}\bim\s+(?:so\s+)?done\b`,
  String.raw`\b(?:thinking|think|thought)\s+(?:about|of)\s+(?:cutting|self harming|hurting myself|killing myself|overdosing|hanging myself)(?=\s*(?:$|[.!,?]|again|myself|my (?:arms?|wrists?|legs?|thighs?)|tonight|every))`,
  String.raw`\bhate\s+(?:being alive|living|my existence|existing)\b(?!\s+(?:in|with|at|near|here|there|on)\b)`,
  String.raw`\bwhy\s+(?:should|would|do)\s+i\s+(?:even\s+)?(?:live|be alive|keep living|keep going|exist|bother living|stay alive)\b(?!\s+(?:in|with|at|near|here|there)\b)`,
  String.raw`\bi\s+dont\s+(?:even\s+)?care\s+(?:if|whether)\s+i\s+(?:die|live|live or die|wake up)\b`,
  String.raw`\btired\s+of\s+(?:everything|it all|life)\b.{0,30}\b(?:stop|end|over|gone|die)\b`,
  String.raw`\b(?:would|will|does|do)\s+(?:anyone|anybody|people|they|my family)\s+(?:even\s+)?(?:care|notice|miss me)\s+(?:if|when)\s+i\s+(?:(?:was|were)\s+(?:gone|dead|not here|never born)|died|die|disappeared)\b`,
  String.raw`\bbetter\s+off\s+(?:not here|not alive|not around|not existing|never born)\b`,
  // Slang and the words children use to get past filters.
  String.raw`(?<![\d.]\s?)(?<!\b(?:the word|the term|words like|does|do|say|saying)\s+['"]?)\bkms\b(?!['"]?\s+(?:mean|means|stand|stands)\b)`,
  String.raw`\bunaliv(?:e|ing)\s*(?:myself|me)\b|${I}${gap(3)}\s+(?:want to|going to|will|wish i could|might|ready to|try to|tried to)\s+(?:just\s+)?(?:be\s+|become\s+)?unalive\b|\b(?:want to|going to|wish i could)\s+(?:be\s+|become\s+)?unalive\b`,
  String.raw`\bself\s*delet(?:e|ing)\b(?!\s+(?:messages?|chats?|posts?|photos?|files?|snaps?|stories|story|videos?)\b)`,
  String.raw`\b(?:going to|want to|ready to|will|ill|time to|finally)\s+ctb\b`,
  String.raw`\btoaster\s+bath\b`,
];

/** The adults at home and around a child: a disclosure of harm by one of them is safeguarding. */
const CARER =
  'dad|mum|mom|father|mother|stepdad|stepmum|stepmom|step dad|step mum|step mom|stepfather|stepmother|uncle|aunt|auntie|parents?|mums boyfriend|moms boyfriend|mums girlfriend|dads girlfriend|grandad|grandpa|grandma|nan|granny|coach|carer|foster (?:mum|mom|dad|parents?)|babysitter|tutor|teacher|neighbou?r|cousin|brother|sister';
/** The same without siblings and cousins, whose past scuffles ("my brother hit me") are not a disclosure by themselves. */
const ADULT =
  'dad|mum|mom|father|mother|stepdad|stepmum|stepmom|step dad|step mum|step mom|stepfather|stepmother|uncle|aunt|auntie|parents?|mums boyfriend|moms boyfriend|mums girlfriend|dads girlfriend|grandad|grandpa|grandma|nan|granny|coach|carer|foster (?:mum|mom|dad|parents?)|babysitter';

/**
 * Safeguarding: a child telling of abuse or neglect by an adult who cares for them (hit at home,
 * touched, locked in, left without food or alone for days, afraid to go home). Its own category,
 * high, alerting the school as self-harm does: staff who read it must report it.
 */
const safeguarding: string[] = [
  String.raw`\bmy\s+(?:dad|mum|mom|stepdad|stepmum|stepmom|step dad|step mum|uncle|brother|sister|parents?|mums boyfriend|moms boyfriend|grandad|grandpa|coach|carer)\s+(?:\w+\s+)?(?:hits|beats|punches|kicks|hurts|chokes|slaps|burns|whips|smacks|strangles)\s+(?:me|us|my (?:mum|mom|sister|brother)(?: and me)?)\b(?!\s+(?:at|in|every time at)\b)`,
  String.raw`\b(?:says|said|threatens|threatened)\s+(?:hell|shell|he will|she will|they will|theyll|to)\s+(?:kill|hurt)\s+me\s+if\s+i\s+(?:tell|told|say|said|speak|talk)\b`,
  String.raw`\bmy\s+(?:uncle|dad|stepdad|step dad|mums boyfriend|moms boyfriend|brother|cousin|coach|teacher|neighbour|tutor|babysitter|grandad|grandpa)\s+(?:\w+\s+)?(?:touches|touched|keeps touching|feels|felt)\s+me\b`,
  String.raw`\b(?:touches|touched|touching|feels|felt)\s+me\s+(?:there|down there|in my private|on my (?:private|privates|bum|chest|boobs)|and says|and said|under my)\b`,
  String.raw`\bmy\s+(?:${ADULT})\s+(?:\w+\s+)?(?:hit|beat|punched|kicked|slapped|choked|burned|burnt|whipped|strangled|threw|pushed|shoved|smacked|belted)\s+me\b(?!\s+(?:at|in)\s+(?:chess|cards|a game|the game|a race|the race|fifa|fortnite|mario kart|tennis|monopoly|uno)\b)`,
  String.raw`\bmy\s+(?:${ADULT})\s+(?:\w+\s+)?(?:hits|beats|hurts|hit|beat|hurt)\s+(?:me|us)\s+(?:when|whenever|every time|if)\s+(?:he|she|they)\s+(?:is|are|gets?|get|was|were)\s+(?:drunk|angry|mad|high|wasted)\b|\b(?:hits|beats|hurts|be hitting|be beating|keeps hitting)\s+me\s+when\s+(?:hes|shes|theyre|he is|she is)\s+(?:drunk|angry|mad|high|wasted)\b|\bwhen\s+my\s+(?:${ADULT})\s+(?:gets|is|get)\s+(?:drunk|angry|mad|high|wasted)\s+(?:he|she|they)\s+(?:hits|beats|hurts|hit|beat|hurt)\s+(?:me|us)\b`,
  String.raw`\b(?:bruises?|marks|burns?|welts)\b.{0,30}\b(?:from|because of)\s+my\s+(?:${ADULT})\b|\bmy\s+(?:${ADULT})\s+(?:\w+\s+)?(?:left|gave me)\s+(?:bruises|marks|a black eye|burns)\b`,
  String.raw`\b(?:im|i get|i feel)\s+(?:\w+\s+)?(?:scared|afraid|terrified|frightened)\s+(?:to|of)\s+(?:go(?:ing)?\s+home|my\s+(?:${ADULT}))\s*(?:$|[.!]|(?:because|cause)\s+(?:of\s+)?(?:my\s+(?:${ADULT})|he|she|they|him|her|what (?:he|she|they) (?:does|do|did))\b(?!\s+(?:will be|is going to be|gets?)\s+(?:cross|mad|angry|upset|disappointed)\b))`,
  String.raw`\b(?:my\s+(?:${ADULT})|they|he|she)\s+(?:\w+\s+)?(?:locks?|locked|lock)\s+(?:me|us)\s+(?:in|inside|out)\b(?!\s+(?:of my (?:phone|account|laptop)|of the (?:game|wifi|chat|server))\b)`,
  String.raw`\b(?:theres|there is|theres never|there isnt|there wasnt)\s+(?:any\s+|never any\s+)?(?:no\s+)?food\s+(?:at home|in the house|in my house|at my house|for (?:me|us)|in the fridge)\b|\bnobody\s+(?:feeds|cooks for)\s+(?:me|us)\b|\bmy\s+(?:${ADULT})\s+(?:dont|doesnt|never|wont)\s+(?:feed|feeds|give me food|let me eat)\s*(?:me|us)?\b`,
  String.raw`\b(?:i|ive|we)\s+(?:havent|hasnt|didnt|have not|did not)\s+(?:eaten|had (?:any )?food|had anything to eat)\s+(?:in|for|since)\s+(?:\w+\s+)?(?:days|two days|2 days|three days|friday|the weekend)\b`,
  String.raw`\b(?:left|leave|leaves|leaving)\s+(?:me|us)\s+(?:home\s+)?alone\s+(?:for|all)\s+(?:days|the weekend|a week|weeks|the whole weekend|\w+\s+days|night)\b`,
  String.raw`\bmy\s+(?:${CARER})\s+(?:\w+\s+)?(?:makes me|made me)\s+(?:touch|do sexual|watch (?:porn|sex))\b|\b(?:he|she|my \w+)\s+(?:says|said)\s+(?:its|it is|it was)\s+(?:our|a)\s+secret\b.{0,40}\b(?:touch|touches|touched|body|bed|clothes)\b`,
];

/** Who a threat or an attack is aimed at. */
const TARGET = String.raw`(?:you|him|her|them|everyone|everybody|all of (?:you|them)|somebody|someone|anyone|anybody|people|kids|(?:my|his|her|their|your|ur)\s+(?!(?:homework|essay|test|exam|record|time|game|score|level|hair|nails|head|knee|leg|arm|hand|finger|phone)\b)\w+|the\s+(?:teacher|teachers|kids?|class|headteacher|principal|head|bully|bullies|boys|girls|students|people|new kid)|a\s+(?:teacher|kid|student|person))`;
const HARM_VERBS =
  'kill|murder|stab|shoot|shank|strangle|choke|punch|hurt|attack|poison|smack|slap|kick|beat up|merk|pop|end|fold|jump|smoke|knife|batter|drown|run over|hit|cap|body';
/** The speaker and a few words, or nothing at the start of the message ("kill them all"). */
const SPEAKER = String.raw`(?:^(?:(?:going to|want to|about to|will|ill)\s+)?|\b(?:i|im|ill|id|ive|we|weve|well|me)\b${gap(4)}\s+)`;
const WEAPON = 'gun|knife|blade|weapon|bomb|pistol|rifle|strap|machete|axe|shotgun|glock|explosive|knives|guns';

const violence: string[] = [
  String.raw`${SPEAKER}(?:${HARM_VERBS})\s+${TARGET}\b`,
  String.raw`${SPEAKER}(?:beat|knock|smash|batter|rough)\s+${TARGET}\s+(?:up|out|in)\b`,
  String.raw`\bbeat\s+the\s+(?:crap|shit|hell|living daylights|life)\s+out\s+of\b`,
  String.raw`${SPEAKER}make\s+(?:them|him|her|you|everyone)\s+(?:all\s+)?pay\b(?!\s+for\s+(?:the|a|lunch|tickets?)\b)`,
  String.raw`\b(?:im|ill|im going to|we|were)\s+(?:(?:bring|bringing|take|taking|carry|carrying|sneak|sneaking)\s+)(?:a|my|his|the|dads|my dads|a real)\s+(?:${WEAPON})\b(?!\s+(?:for|to cut)\s+(?:the\s+)?(?:cake|food|cooking|lunch|picnic|sandwiches|fruit|food tech|dt)\b)`,
  // Named targets only after verbs that mean nothing else ("stab jake", not "shoot hoops").
  String.raw`${SPEAKER}(?:kill|murder|stab|shank|strangle|poison|merk)\s+(?!(?:this|that|it|the|a|an|time|for|off|two|in|at|to|with|on|me|myself|yourself|boredom|zombies?|mobs?|bacteria|germs|weeds?|bugs?|process|some|my|his|her|your|ur|mystery|mysteries|story|stories|scene|case|trial|book|party|game|character|characters)\b)[a-z]+\b`,
  String.raw`\b(?:bring|bringing|brought|take|taking|took|carry|carrying|sneak|sneaking)\s+(?:(?:a|an|my|his|the|some|in|real|loaded|dads|my dads|mums|my mums|uncles|my uncles|brothers|my brothers)\s+){0,3}(?:${WEAPON})\s+(?:in\s*)?(?:to|into)\s+(?:school|class|the school)\b`,
  String.raw`\b(?:bring|bringing|carry|carrying)\s+(?:(?:a|an|my|his|the|some|real|loaded|dads|my dads)\s+){0,3}(?:${WEAPON})\s+(?:tomorrow|on (?:monday|tuesday|wednesday|thursday|friday)|next week|after school)\b`,
  String.raw`\b(?:shoot|shot)\s*up\s+(?:(?:the|my|our|a|this|that)\s+)?(?:school|class|classroom|cafeteria|canteen)\b|\bshoot\s+(?:the|my|our|this)\s+(?:school|class|classroom)\s+up\b`,
  String.raw`\b(?:i|ive|we)\s+(?:brought|have|got|carry|carried|hid|hide)\s+(?:a|my|his|the|dads|my dads)\s+(?:${WEAPON})\s+(?:today|to school|in my bag|with me|at school|in school|in my locker)\b`,
  String.raw`\b(?:bomb|blow up|burn down)\s+(?:the|my|our|this)\s+(?:school|class|classroom)\b`,
  String.raw`${SPEAKER}burn\s+(?:his|her|their|your|ur|the)\s+(?:house|home|school|car)\b`,
  String.raw`\b(?:how|where)\s+(?:do|can|could|would|should|to)\s+(?:i\s+|you\s+|we\s+)?(?:make|build|buy|get|find|order|print|3d print|get hold of)\s+(?:a|an|some|my own)\s+(?:bomb|explosive|pipe bomb|gun|pistol|firearm|grenade|molotov|nail bomb|rifle)\b(?!\s+calorimeter)`,
  String.raw`\b(?:best|easiest|quickest|quietest)\s+way\s+to\s+(?:hurt|kill|poison|stab|beat up|get rid of|injure|knock out)\s+(?:someone|somebody|a person|people|him|her|them|my \w+)\b|\b(?:hurt|kill|poison)\s+(?:someone|somebody|a person|him|her)\s+without\s+(?:leaving|getting caught|anyone knowing)\b`,
  String.raw`\b(?:how much|how many)\b.{0,30}\b(?:would|will|to|could)\s+kill\s+(?:a person|someone|somebody|a human|him|her|my \w+|a kid|an adult|people)\b`,
  String.raw`\b(?:i|im|ive)\b${gap(3)}\s+(?:imagine|imagining|fantasi[sz]e|fantasi[sz]ing|dream about|dreaming about|think about|thinking about)\s+(?:hurting|killing|stabbing|shooting|murdering|beating up|strangling|poisoning)\s+(?:\w+\s+)?(?:them|him|her|people|everyone|the kids|kids|my \w+|the \w+|those \w+|you)\b`,
  String.raw`\b(?:want|going)\s+to\s+(?:see|watch|make)\s+(?:them|him|her|you|everyone|them all|all of them)\s+(?:bleed|suffer|die|pay|scream)\b`,
  String.raw`\b(?:theyll|theyre going to|hell|shell|youll|youre going to)\s+(?:all\s+)?(?:regret it|be sorry|pay(?=\s*(?:$|[.!,?]|soon|tomorrow|on \w+|for (?:it|this|what|everything))))`,
  String.raw`\b(?:they|everyone|everybody|all of them|them all|those \w+|you all|yall|who)\b.{0,30}\b(?:will|are going to|is going to|going to)\s+(?:all\s+)?(?:regret it|be sorry|pay(?=\s*(?:$|[.!,?]|soon|tomorrow|on \w+|for (?:it|this|what|everything))))`,
  String.raw`\b(?:hit list|kill list|death list)\b|\ba list of (?:people|kids|names|everyone)\b.{0,40}\b(?:pay|die|sorry|regret|get it|deserve|hurt|kill)\b`,
  String.raw`\b(?:dads|mums|moms|uncles|brothers|grandads|stepdads|parents)\s+(?:gun|guns|rifle|pistol|shotgun)\b|\b(?:know where|found where)\b.{0,40}\b(?:gun|guns|rifle|pistol|shotgun|ammo|bullets)\b`,
  String.raw`\b(?:hes|shes|youre|ur|theyre|hell|shell|your|you)\s+(?:getting|going to get|about to get)\s+(?:shanked|stabbed|shot|jumped|merked|popped|killed|murdered|beaten up|bodied|battered)\b`,
  String.raw`\bcatch\s+(?:these|my|the)\s+hands\b`,
  String.raw`\b(?:i|im)\s+(?:\w+\s+)?(?:want|wish)\s+(?:him|her|them|you|everyone|my \w+)\s+(?:dead|to die|gone forever)\b`,
  String.raw`\bhow\s+(?:to|do i|can i|do you|would i)\s+(?:poison|kill|stab|strangle|hurt|drown)\s+(?:someone|somebody|a person|people|him|her|my \w+|them|a teacher|a kid)\b`,
  String.raw`\bwhere\s+(?:can|do|could)\s+i\s+(?:get|buy|find)\s+(?:a|an)\s+(?:knife|blade|machete|axe)\b`,
  String.raw`\b(?:they|he|she|you|everyone|yall)\s+(?:better|had better|should)\s+watch\s+(?:out|their back|your back|his back|her back)\b`,
  String.raw`\bthreaten(?:s|ed|ing)?\s+to\s+(?:kill|hurt|stab|shoot|beat up|beat)\s+(?:me|us|my \w+)\b`,
  String.raw`\bpull(?:ing)?\s+up\s+(?:with|wit)\s+(?:a|the|my|his)\s+(?:strap|gun|knife|blade|pistol|glock|machete|ting)\b`,
  String.raw`\bbeat\s+(?:his|her|your|ur|their)\s+(?:ass|arse|face in|head in)\b`,
  String.raw`${SPEAKER}.{0,30}\bbreak\s+(?:his|her|your|ur|their)\s+(?:jaw|nose|neck|legs?|arms?|face|bones|skull|teeth)\b`,
  // A threat against a named classmate with a verb that has innocent uses ("shoot hoops", "hit up",
  // "beat at chess"): a time or place at school, or a body part, must come with it.
  String.raw`${SPEAKER}(?:going to|want to|about to|will|ill|im going to|gonna|plan to|planning to)\s+(?:(?:really|so|just|finally)\s+)?(?:punch|hit|hurt|shoot|kick|slap|smack|fight|jump|batter|choke|attack|knock out|beat up|stab|cut|beat)\s+(?!(?:this|that|it|the|a|an|some|my|his|her|your|ur|their|hoops|ball|balls|baskets|goals?|pool|targets?|video|film|scene|photos?|pics|shots?|record|books?|gym|road|sack|hay|snooze|notes?|line|back|home|up|rope|in|on|at|to|with|into|out|off|around|for|through|over|and|or|him|her|them|you|me|myself|yourself)\b)[a-z]+(?:\s+up(?<!\bhit\s+[a-z]+\s+up))?\s+(?!up\b|(?:a|an)\s+(?:text|message|dm|email|line|note)\b|at\s+(?:chess|cards|fifa|fortnite|minecraft|roblox|tennis|football|basketball|the game|games?|maths?|spelling|everything|this|it)\b|in\s+(?:chess|fifa|the game|a game|a race|the race|maths?|spelling)\b)(?:.{0,20}\b(?:tomorrow|today|tonight|after school|at lunch|at recess|at break|at breaktime|in the hall(?:way)?|in the corridor|at the bus stop|behind the gym|on (?:monday|tuesday|wednesday|thursday|friday)|next time i see|when i see|in (?:the|his|her) (?:face|head|stomach|throat|mouth|nose|back)|so hard|until (?:he|she|they) (?:cry|cries|bleed|bleeds)|with (?:a|my) (?:knife|gun|bat|blade|brick|rock)))`,
  String.raw`${SPEAKER}(?:going to|want to|about to|will|ill|gonna)\s+shoot\s+(?!(?:this|that|it|the|a|an|some|my|his|her|your|ur|their|our|hoops|ball|balls|baskets?|goals?|pool|targets?|videos?|films?|movies?|scenes?|photos?|pics|pictures|shots?|arrows?|lasers?|zombies?|aliens?|enemies|monsters?|penalties|penalty|free|three|threes|stars?|fireworks|rockets?|water|nerf|paintballs?|cans?|bottles?|clay|birds|ducks|up|down|over|off|out|for|at|from|in|on|with|to|and|him|her|them|you|me|myself|yourself|everyone|people)\b)[a-z]+\b(?!\s+(?:a|an|some)\s+(?:text|message|dm|email|line|note|video|photo|pic|look|glance|smile|question|call)\b|\s+(?:up|down|over|off|out)\b)`,
  String.raw`\bbreak\s+(?!the\b|a\b|this\b|that\b)[a-z]+s\s+(?:jaw|nose|neck|legs?|arms?|face|bones|skull|teeth)\b`,
  String.raw`\b(?!(?:it|this|that|he|she|the|battery|phone|plant|game|party|joke|meme|trend|language|latin|fish|cell|planet|tree|theory|character|king|queen|hero|villain|war|soldier)\b)[a-z]+\s+is\s+(?:so\s+)?dead\s+(?:tomorrow|after school|at lunch|at recess|on (?:monday|tuesday|wednesday|thursday|friday)|when i (?:see|find|catch|get) (?:him|her|them))\b|\b(?:youre|ur|hes|shes|theyre|[a-z]+ is)\s+dead\s+meat\b`,
  String.raw`\bdont\s+come\s+to\s+school\b.{0,50}\b(?:something|happen|warn|trust me|or else|youll see)\b|\bsomething\s+(?:big|bad|terrible)\s+(?:is going to|will|is gonna)\s+happen\s+(?:at|in|to)\s+(?:school|the school|class)\b`,
];

const INSULT =
  'stupid|ugly|fat(?!\\s+(?:cells?|stores?|intake|content|tissue|layer))|worthless|loser|idiot|retard|retarded|pathetic|freak|disgusting|dumb|useless|gross|trash|garbage|waste of space|cringe|mid|pick me|npc|smelly|pig|cow|whale|moron|creep|weirdo|braindead|brainless|hideous|failure|dumbest|stupidest|ugliest|fattest|clown|scum|scumbag|fatso|psycho|bozo|dummy|dumbass|slag|skank|thot';
const SLUT = 'slut|whore|slag|skank|thot|bitch|hoe';
const STRONG_INSULT =
  'stupid|ugly|worthless|loser|idiot|retard|pathetic|freak|disgusting|useless|waste of space|pig|whale|moron|creep|weirdo|braindead|hideous|failure|trash|garbage';
/** A milder word before the insult: "so annoying and ugly". */
const MILD = String.raw`(?:(?:annoying|weird|smelly|fat|ugly|stupid|dumb|gross)\s+(?:and\s+)?)?`;
const INTENSIFIERS =
  'so|such|a|an|the|really|literally|fucking|fkn|big|fat|ugly|just|massive|total|complete|actually|honestly|proper|absolute|absolutely|too';

const bullying: string[] = [
  String.raw`\b(?:youre|ur|you|yo)\s+(?:(?:${INTENSIFIERS})\s+){0,3}${MILD}(?:${INSULT})\b`,
  String.raw`\byour\s+(?:(?:${INTENSIFIERS})\s+){1,3}(?:${INSULT})\b`,
  String.raw`\b(?:hes|shes|theyre)\s+(?:(?:${INTENSIFIERS})\s+){0,3}(?:${STRONG_INSULT}|${SLUT})\b`,
  String.raw`\b(?:youre|ur|you|is)\s+(?:(?:${INTENSIFIERS})\s+){0,3}(?:${SLUT})\b`,
  String.raw`^\W*(?:(?:loser|freak|retard|moron|fatso|weirdo|idiot|ugly|fat|stupid)\W*){2,5}$|^\W*(?:loser|freak|retard|moron|fatso|weirdo)\W*$`,
  String.raw`\b(?:nobody|no one)\s+(?:(?:here|at school|in (?:the|our) class|literally|actually|even|ever)\s+)?(?:likes|loves|wants|cares about|talks to)\s+(?:you|him|her|them)\b`,
  String.raw`\b(?:everyone|everybody|the whole (?:class|school|year)|all of us|we all|literally everyone)\s+(?:(?:here|at school|in (?:the|our) class|literally|actually|secretly)\s+)?(?:hates|laughs at|is laughing at)\s+(?:you|him|her|them)\b`,
  String.raw`\b(?:go\s+)?(?:kill|hang|unalive|neck|drown|shoot|stab)\s*yourself\b|\bkys\b`,
  String.raw`\b(?:you)\s+should\s+(?:just\s+)?(?:die|kill yourself|disappear|not exist|drop dead)\b|\bgo\s+(?:die|drop dead)\b|\bdie in a (?:hole|ditch|fire)\b|\bi hope (?:you) (?:die|get cancer|get hit)\b|\bget cancer\b|\bdrink bleach\b`,
  String.raw`\bdie\s*,?\s+(?:you\s+)?(?:${INSULT})\b|\b(?:no one|nobody)\s+(?:would|will)\s+(?:even\s+)?(?:care|notice|miss you)\s+(?:if|when)\s+(?:you|he|she|they)\s+(?:died|disappeared|were gone|was gone)\b`,
  String.raw`\b(?:nobody|no one)\s+(?:will|would|wants to)\s+(?:ever\s+)?(?:date|marry|kiss|love|go out with)\s+(?:her|him|you|them)\b`,
  String.raw`\bstfu\b|\bshut up\b.{0,10}\b(?:${INSULT})\b|\bdrop dead\b(?!\s+gorgeous)`,
  String.raw`\b(?:nobody|no one)\s+(?:wants to|will ever|will|would)\s+(?:ever\s+)?(?:be\s+)?(?:your|ur|his|her)\s+friend`,
  String.raw`\b(?:ur|your|yo)\s+(?:mum|mom|mam|mama|momma|dad|sister|brother)\s+(?:is|s)\s+(?:so\s+)?(?:fat|ugly|stupid|dumb|poor|a (?:${INSULT}))\b`,
  String.raw`\b(?:you|ur|youre)\s+(?:smell|stink|smelly|stinky)\b(?!\s+(?:the|this|that|a|it|nice|good|like (?:roses|flowers))\b)`,
  String.raw`\bis\s+(?:such\s+)?(?:a|an)\s+(?:(?:massive|big|fat|total|complete|ugly|stupid|dumb)\s+)?(?:loser|freak|moron|retard|weirdo|fatso|pig|whale|waste of space|creep)\b`,
  String.raw`\b(?:nobody|no one|dont|lets not|we wont)\s+(?:wants to\s+|will\s+|should\s+)?(?:sit|play|talk|hang out|be friends)\s+(?:with|to)\s+(?:you|him|her|them|the new (?:kid|girl|boy)|that (?:kid|girl|boy))\b`,
  String.raw`\b(?:lets|we should|were going to|everyone)\s+(?:all\s+)?(?:ignore|exclude|leave out|gang up on|make fun of|laugh at|pick on|bully|roast|trip)\s+(?:her|him|them|the new (?:kid|girl|boy)|that (?:kid|girl|boy)|(?!(?:the|this|that|it|a|an|these|those|my|our|your|ur|all|some|every)\b)[a-z]+)\b`,
  String.raw`\b(?:group ?chat|gc|page|account)\b.{0,30}\b(?:make fun of|laugh at|roast|bully|hate on|expose)\s+(?:him|her|them|people|\w+)\b`,
  String.raw`\b(?:post|share|send|leak|spread)\s+(?:that|the|an|this|her|his|their|a|some)\s+(?:(?:embarrassing|ugly|naked|nude|private|secret)\s+(?:photo|pic|picture|video|vid|screenshot|photos|pics|pictures|videos)|(?:photo|pic|picture|video|vid|photos|pics|pictures|videos)\s+of\s+(?:her|him|them)\s+(?:everywhere|online|around))\b`,
  String.raw`\btell(?:ing)?\s+(?:everyone|everybody|the whole (?:class|school))\s+(?:her|his|their)\s+secret\b`,
  String.raw`\b(?:no one|nobody)\s+(?:would|will)\s+(?:even\s+)?miss\s+(?:her|him|you|them)\b`,
  String.raw`\b(?:dont|nobody)\s+invite\s+(?:him|her|them)\b.{0,30}\b(?:weird|fat|ugly|gross|smells|loser|freak|annoying|nobody)\b`,
  String.raw`\b(?:kids|they|people|everyone|everybody|boys|girls|some \w+|he|she|the \w+ kids)\b.{0,30}\b(?:call|calls|calling|called)\s+me\s+(?:names|ugly|fat|stupid|a loser|loser|a freak|freak|retard|gay|a slut|a nerd|weird|a weirdo|horrible (?:things|names)|mean names)\b`,
  String.raw`\b(?:kids|they|people|everyone|everybody|boys|girls|some \w+)\b.{0,30}\b(?:push|pushes|pushing|pushed|shove|shoves|shoving|trip|trips|tripping|spit on|spits on|spat on|gang up on|hit|hits|hitting|kick|kicks|kicking|punch|punches|punching|beat up|beating up|beats up)\s+me\b`,
  String.raw`\b(?:sending|send|sent|post|posting|posted|leaving|writing)\s+me\s+(?:mean|nasty|horrible|hate|threatening|hurtful)\s+(?:messages|texts|comments|dms|notes)\b`,
];

const BODY = 'tits|boobs|dick|penis|vagina|pussy|ass|butt|bum|body|privates|chest';
const sexual: string[] = [
  String.raw`\b(?:porn|porno|pornos)\b|\b(?:watch|watching|see|look at|send|show|find|got|have)\s+(?:some\s+)?pron\b`,
  String.raw`\bhorny\b(?!\s+(?:toad|toads|lizard|lizards|layer|plates?|scales?|beak|skin|goat)\b)|\b(?:blow ?job|hand ?job|dick pics?)\b`,
  String.raw`\b(?:send|sending|sent|share|swap|swapping|trade|trading|exchange|got|have|want|see|show|give|get|post|leak|any)\s+(?:(?:me|you|some|ur|your|my|any|us|them|a)\s+)*(?:nudes|nude(?!\s+(?:painting|statue|art|model|colou?r|shade|lipstick|beach|tights)\b)|nude pics|nude pictures|nude photos|nude selfies)\b|\bnudes\s+(?:please|\?|now|asap)`,
  String.raw`\b(?:naked|nude)\s+(?:pics|pictures|photos|selfies?)\b`,
  String.raw`\b(?:lets|want to|do you want to|can we|we should|ill|im)\s+(?:\w+\s+)?(?:sext|sexting)\b|\bsext\s+(?:me|you)\b|\bsend\s+(?:me\s+)?(?:a\s+)?sext\b`,
  String.raw`\b(?:have|having|had|do|doing|want|wanna)\s+(?:\w+\s+)?sex\s+with\s+(?:you|me|my)\b|\bsex\s+with\s+(?:you|me)\b`,
  String.raw`\b(?:whats|tell me)\s+(?:your|ur)\s+(?:bra|cup|dick|penis|boob|breast)\s+size\b`,
  String.raw`\b(?:pics?|pictures?|photos?|selfies?|vids?|videos?)\s+(?:of\s+)?(?:(?:you|yourself|your body|ur body|me)\s+)?(?:in\s+(?:your|ur|my)\s+)?(?:underwear|bra|bikini|boxers|knickers|lingerie|undies)\b`,
  String.raw`\b(?:pics?|pictures?|photos?|selfies?|vids?|videos?)\b.{0,15}\b(?:without|with no)\s+(?:(?:a|my|your|ur|any)\s+)?(?:shirt|top|clothes|clothing|pants|bra|trousers)\b`,
  String.raw`\btalk\s+(?:dirty|sexy|naughty)\b|\btalk\s+about\s+(?:sex stuff|sex things|sexy stuff|dirty stuff|dirty things)\b`,
  String.raw`\b(?:i|ill|im|let me|can i|want to)\b(?:\s+\S+){0,3}?\s+(?:kiss|touch|lick)\s+(?:you)\b(?!\s+(?:up|base|on the shoulder)\b)`,
  String.raw`\btake\s+(?:my|your|ur|her|his)\s+(?:top|shirt|clothes|pants|bra|underwear|trousers)\s+off\b`,
  String.raw`\b(?:do you|dyou)\s+(?:like|love|want)\s+(?:boobs|tits|dicks?|penis|pussy|sex|porn)\b`,
  String.raw`\b(?:lets|can we|we should|shall we)\s+(?:have|do)\s+sex\b|\b(?:do you|want to)\s+(?:want to\s+)?have\s+sex\s+(?:with|tonight|now)\b`,
  String.raw`\b(?:are you|youre)\s+(?:still\s+)?a\s+virgin\b|\bdescribe\s+(?:your|ur)\s+(?:body|boobs|chest|penis|dick)\b`,
  String.raw`\b(?:see|show you|send you|pic of|picture of|photo of)\s+my\s+(?:dick|penis|cock|boobs|tits|privates|pussy|vagina)\b`,
  String.raw`\b(?:see|show)\s+(?:you|me|your|ur)\s+(?:\w+\s+)?(?:naked|nude|undressed)\b|\b(?:pics|pictures|photos|videos|selfies)\s+of\s+(?:my|your|ur)\s+(?:body|chest|bum|boobs|privates)\b`,
  String.raw`\b(?:i|ill|im|let me|can i|want to)\b(?:\s+\S+){0,3}?\s+touch\s+(?:your|ur)\s+(?:private|privates|private parts|boobs|breasts|dick|penis|vagina|body|butt|bum|chest|thighs?)\b`,
  String.raw`\bkeep\s+(?:our|these|the|this)\s+(?:chats?|messages?|talks?|conversations?|relationship|photos?|pics)\s+(?:a\s+)?secret\b`,
  String.raw`\b(?:said|says|told me|tells me)\s+(?:that\s+)?(?:im|youre)\s+(?:so\s+|really\s+|very\s+)?mature\s+for\s+(?:my|your|ur)\s+age\b`,
  String.raw`\b(?:dont|never)\s+tell\s+(?:your|ur)\s+(?:parents|mum|mom|dad)\b`,
  String.raw`\bshowed\s+me\s+(?:\w+\s+){0,3}(?:videos?|vids|pics|pictures|photos)\s+of\s+(?:people|them|him|her|a (?:man|woman|girl|boy))\s+(?:doing it|having sex|naked|with no clothes)\b`,
  String.raw`\bwhat\s+(?:are)\s+(?:you)\s+wearing\b(?!\s+(?:to|for|on)\b)`,
  String.raw`\btake\s+off\s+(?:your|ur|my|her|his|all (?:your|ur))\s+(?:clothes|shirt|top|pants|bra|underwear|trousers|knickers|boxers)\b`,
  String.raw`\b(?:look like|looks like|see|show me|pics of|pictures of)\b.{0,20}\b(?:without|with no)\s+(?:any\s+)?(?:clothes|clothing)\b`,
  String.raw`\b(?:pics|pictures|photos|images|videos|vids|pic|picture|photo)\s+of\s+(?:\w+\s+)?(?:boobs|tits|dicks|penises|vaginas|naked (?:people|girls|boys|women|men)|nude (?:people|girls|boys))\b`,
  String.raw`\b(?:show|send|see|flash)\s+(?:me\s+)?(?:your|ur)\s+(?:${BODY})\b`,
  String.raw`\b(?:video call|videocall|facetime|call|cam|camera|webcam)\b.{0,20}\b(?:in the (?:bathroom|shower|bath)|in bed|naked|undressed|with no clothes)\b`,
  String.raw`\b(?:sexy|sex|dirty|erotic|spicy|nsfw|steamy|smutty|naughty)\s+(?:story|stories|fanfic|fan fiction|roleplay|rp|chat|pics|pictures|photos|videos|vids|snaps|selfies|texts)\b`,
  String.raw`\bsend\s+(?:me\s+)?(?:pics|pictures|a pic|some pics|photos)\b(?!\s+of\s+(?!(?:you|yourself|ur|your)\b))`,
  String.raw`\b(?:want to|lets|do you want to)\s+smash\b(?!\s+(?:bros|the|it|that|this|some|a|an|my|your)\b)`,
  String.raw`\bthirst\s*traps?\b|\bnsfw\b|\bonly\s*fans\b|\bdtf\b|\bsex\s+positions?\b`,
  String.raw`\b(?:wants?|asked|asking)\s+me\s+to\s+meet\s+(?:up\s+with\s+)?(?:him|her|them)\b.{0,40}\b(?:not tell|dont tell|without telling|secret|alone)\b`,
];

const PLATFORM =
  'snap|snapchat|sc|insta|instagram|ig|tiktok|tik tok|discord|whatsapp|kik|telegram|roblox|fortnite|xbox|psn|steam|finsta|twitter|facebook|fb|twitch|minecraft';
const STREET =
  'street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|blvd|court|ct|way|place|pl|terrace|crescent|close|grove|mews|gardens';
const personalData: string[] = [
  String.raw`\b(?:add me on|hmu on|hit me up on|follow me on|dm me on|message me on|find me on|text me on|follow my)\s+(?:${PLATFORM})\b`,
  String.raw`\bmy\s+(?:${PLATFORM})\s*(?:is|:|=|name|username|user|handle|id|tag|@)`,
  String.raw`\b(?:whats|give me|send me|tell me|can i (?:have|get))\s+(?:your|ur)\s+(?:(?:${PLATFORM})\b|(?:phone |mobile |cell |home )?number\b(?!\s+(?:one|i|two)\b)|(?:home\s+)?address\b|email\b|password\b|user ?name\b)`,
  String.raw`\bmy\s+(?:full|real|whole)\s+name\s+(?:is|:)`,
  String.raw`\bmy\s+(?:postcode|post code|zip|zip code|zipcode)\s+(?:is|:)`,
  String.raw`\b(?:live|living|stay|staying|address is|home is|house is|come to|come over to|meet me at|home alone at|im at)\s+(?:(?:at|on|in)\s+)?(?:(?:flat|apartment|apt|unit|number|no)\s*\d+[a-z]?,?\s+)?(?:number\s+)?\d{1,5}[a-z]?\s+(?:[a-z]+\s+){1,3}?(?:${STREET})\b`,
  String.raw`\bi\s+live\s+(?:at|on)\s+\d+|\bi\s+live\s+(?:at|on|in)\s+(?:[a-z]+\s+){1,2}(?:${STREET})\b|\bmy\s+(?:house|flat|door|apartment)\s+(?:number|no)\s+(?:is\s+)?\d`,
  String.raw`\b[a-z0-9_.]{1,64}(?:\s+dot\s+[a-z0-9_]{1,64}){0,4}\s+at\s+[a-z0-9-]{1,63}\s+dot\s+(?:com|net|org|co|uk|edu|io)\b`,
  String.raw`\b(?:my|call me|text me|whatsapp me|reach me|phone me|ring me)\b.{0,25}?\b(?:number|phone|cell|mobile)?\b.{0,10}?\b(?:(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)[\s,.-]+){6,}(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)\b`,
];

/** The rules by category, in the order they are checked: self-harm first, for its help resources. */
const rules: [SafetyCategory, RegExp[]][] = [
  ['self_harm', selfHarm.map(compile)],
  ['safeguarding', safeguarding.map(compile)],
  ['violence', violence.map(compile)],
  ['sexual', sexual.map(compile)],
  ['bullying', bullying.map(compile)],
  ['personal_data', personalData.map(compile)],
];

/** A word spelled out letter by letter to get past a filter: the spacing is the tell. */
const spacedWords: [RegExp, SafetyCategory][] = [
  [
    new RegExp(
      skeletonPattern(
        String.raw`^(?:kms|killmyself|${SUI}|unalive|unalivemyself|selfharm|i?(?:wanttodie|wannadie|wanttokillmyself|wanttoendmylife|wanttobedead|wishiwasdead))$`,
      ),
    ),
    'self_harm',
  ],
  [new RegExp(skeletonPattern('^(?:nudes|porn|sext|sex)$')), 'sexual'],
  [new RegExp(skeletonPattern('^(?:kys|killyourself)$')), 'bullying'],
];

// ---------------------------------------------------------------------------------------------
// Personal data on the text as written

/** Bounded parts: an unbounded local part makes the search quadratic on a long word. */
const email = /[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})+/;
const password = /\bmy\s+(?:[\w-]+\s+)?(?:p[a@4]s?s?w[o0]r?d|passcode|pin)\s*(?:is|:|=)\s*\S*\d/;

/**
 * Famous addresses a lesson names (a head of government's house, a landmark, a home in a set book
 * or show): left out before the street-address check. Any other address is personal data.
 */
const famousAddress =
  /\b(?:no\.?\s*)?(?:10|11)\s+downing\s+st(?:reet)?\b|\b1600\s+pennsylvania\s+ave(?:nue)?\b|\b221\s?b\s+baker\s+st(?:reet)?\b|\b4\s+privet\s+drive\b|\b742\s+evergreen\s+terrace\b|\b350\s+fifth\s+ave(?:nue)?\b|\b12\s+grimmauld\s+place\b|\b17\s+cherry\s+tree\s+lane\b|\b32\s+windsor\s+gardens\b|\b124\s+conch\s+street\b|\b3764\s+elvis\s+presley\s+(?:boulevard|blvd)\b|\b1313\s+mockingbird\s+lane\b|\b62\s+west\s+wallaby\s+street\b|\b31\s+spooner\s+street\b|\b112\s+ocean\s+avenue\b/gi;
/** A number and one to three capitalised words before a street type: "42 Maple Street". */
const streetAddress = new RegExp(
  String.raw`(?<![\d,.])\b(\d{1,5})[A-Za-z]?\s+(?:[A-Z][a-z'’]+\s+){1,3}(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Drive|Dr|Boulevard|Blvd|Court|Ct|Way|Place|Pl|Terrace|Crescent|Close|Grove|Mews|Gardens)\b`,
  'g',
);
/** The words before a year ("in 1954 Supreme Court", "the 1929 Wall Street Crash"). */
const beforeYear = /\b(?:in|the|of|since|by|from|after|before|during|until|year|circa|c\.)\s+$/i;

function hasStreetAddress(text: string): boolean {
  for (const m of text.matchAll(streetAddress)) {
    const n = Number(m[1]);
    const isYear = m[1]!.length === 4 && n >= 1000 && n <= 2099 && beforeYear.test(text.slice(Math.max(0, m.index - 12), m.index));
    if (!isYear) return true;
  }
  return false;
}

/**
 * Digits with separators between them (spaces, dots, dashes, brackets), a + in front allowed. Each
 * match is the longest run from its first digit, so the scan is linear; a run inside a word is
 * skipped by phoneIn.
 */
export const digitRun = /\+?\(?\d(?:[\d().\s-]*\d)?\)?/g;
const phoneCue =
  /\b(?:my|our|his|her|mums?|moms?|dads?)\s+(?:\w+\s+)?(?:number|phone|cell|mobile|whatsapp|landline)\b|\b(?:call|text|ring|phone|reach|whatsapp|contact)\s+me\b/;

/** Whether a run of digits is shaped like a phone number, not a sum, a date, an ISBN or a big number. */
export function phoneShaped(run: string, cued: boolean): boolean {
  const groups = run.split(/\D+/).filter(Boolean);
  const digits = groups.join('');
  if (digits.length < 7 || digits.length > 15) return false;
  const lengths = groups.map((g) => g.length);
  // 1 234 567 or 67 596 281: a number grouped in thousands, never a phone.
  const thousands = digits[0] !== '0' && lengths[0]! <= 3 && lengths.slice(1).every((l) => l === 3) && groups.length > 1;
  if (thousands) return false;
  if (lengths.every((l) => l === 1)) return digits.length >= 9;
  if (groups.length > 5 || lengths.slice(1).some((l) => l < 2)) return false;
  if (run.trimStart().startsWith('+')) return digits.length >= 9;
  if (digits[0] === '0') return digits.length >= 10 && digits.length <= 11;
  const nanp = lengths.join('-');
  if (nanp === '3-3-4' || nanp === '1-3-3-4') return true;
  return cued;
}

function hasPhone(text: string): boolean {
  for (const m of text.matchAll(digitRun)) {
    const end = m.index + m[0].length;
    if (/[\p{L}\p{N}]/u.test(text[m.index - 1] ?? '') || /[\p{L}\p{N}]/u.test(text[end] ?? '')) continue;
    const cued = phoneCue.test(text.slice(Math.max(0, m.index - 30), m.index));
    if (phoneShaped(m[0], cued)) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------

/** How many characters either side of letters written apart are read again with them joined. */
const around = 80;

/** The first category (self-harm first) the phrase rules find in a student's message, or null. */
export function phraseCategory(message: string): SafetyCategory | null {
  const text = message.replace(famousAddress, 'that address');
  const lower = text.normalize('NFKC').toLowerCase();
  const plain = [plainSpelling(lower)];
  const spaced = new Set<SafetyCategory>();
  const joinedAsWritten: string[] = [];
  for (const run of lower.matchAll(spacedOut)) {
    const word = plainSpelling(joinSpaced(run[0]));
    for (const [pattern, category] of spacedWords) if (pattern.test(word)) spaced.add(category);
    // Only the words around the run are read again joined: a long message is not read three times.
    const from = Math.max(0, run.index - around);
    const to = run.index + run[0].length + around;
    const start = from === 0 ? 0 : lower.indexOf(' ', from) + 1;
    const stop = lower.indexOf(' ', to);
    const window = lower.slice(start, stop < 0 ? undefined : stop);
    for (const reading of spacedReadings(window).slice(1)) plain.push(plainSpelling(reading));
    joinedAsWritten.push(window.replace(spacedOut, (r) => r.replace(/\s+/g, '')));
  }
  for (const [category, patterns] of rules) {
    if (spaced.has(category) || patterns.some((pattern) => plain.some((p) => pattern.test(p)))) return category;
  }
  if (text.includes('@') && [text, ...joinedAsWritten].some((t) => email.test(t))) return 'personal_data';
  if (password.test(lower) || hasStreetAddress(text) || plain.some(hasPhone)) return 'personal_data';
  return null;
}
