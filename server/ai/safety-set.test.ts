import { describe, expect, it } from 'vitest';
import { classify, type SafetyCategory } from './safety';
import { lessonTalkEs } from '../../tests/fixtures/safety-set/es/lesson';
import { riskyEs } from '../../tests/fixtures/safety-set/es/risky';
import { lessonTalk, type LessonTopic } from '../../tests/fixtures/safety-set/lesson';
import { risky, type RiskyKind } from '../../tests/fixtures/safety-set/risky';

// The instant check (tier a) over the labelled sets in tests/fixtures/safety-set, English and Spanish
// (docs/product/safety.md, "The instant check" and "Spanish"). The figures are printed for the
// record; each language fails below 80 % recall over all its risky messages or above 1 % false
// alarms on its lesson talk. The sets are test data written for this project, so their texts are
// printed too.

interface LabelledSet {
  language: string;
  risky: Record<SafetyCategory, Record<RiskyKind, string[]>>;
  lesson: Record<LessonTopic, string[]>;
  /**
   * Lesson texts the reply check flags: its word list for sexual content flags these words in any
   * reply, a lesson's too. Known and left as they are; no other lesson text may trip it.
   */
  knownReplyTrips: string[];
}

const sets: LabelledSet[] = [
  {
    language: 'English',
    risky,
    lesson: lessonTalk,
    knownReplyTrips: [
      'What is sexting and why is it against the law for under-18s?',
      'Why is sharing nudes of under-18s illegal even if they agree?',
      'Why is the horny toad called that?',
    ],
  },
  {
    language: 'Spanish',
    risky: riskyEs,
    lesson: lessonTalkEs,
    knownReplyTrips: ['por que es peligroso mandar nudes, lo vimos en clase', 'que es el sexting y por que es un delito'],
  },
];

interface RiskyEntry {
  text: string;
  category: SafetyCategory;
  kind: RiskyKind;
  got: SafetyCategory | null;
}

const percent = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;
const share = (entries: RiskyEntry[]) => {
  const caught = entries.filter((e) => e.got !== null).length;
  return `${caught}/${entries.length} (${percent(caught, entries.length)})`;
};

describe.each(sets)('the instant check over the $language labelled set', (set) => {
  const riskyEntries: RiskyEntry[] = (Object.entries(set.risky) as [SafetyCategory, Record<RiskyKind, string[]>][]).flatMap(
    ([category, kinds]) =>
      (Object.entries(kinds) as [RiskyKind, string[]][]).flatMap(([kind, texts]) =>
        texts.map((text) => ({ text, category, kind, got: classify(text, 'input') })),
      ),
  );
  const lessonEntries = (Object.entries(set.lesson) as [LessonTopic, string[]][]).flatMap(([topic, texts]) =>
    texts.map((text) => ({ text, topic, got: classify(text, 'input') })),
  );
  const alarms = lessonEntries.filter((e) => e.got !== null);

  it('holds at least 300 risky messages and 300 lesson messages, none twice', () => {
    expect(riskyEntries.length).toBeGreaterThanOrEqual(300);
    expect(lessonEntries.length).toBeGreaterThanOrEqual(300);
    const texts = [...riskyEntries, ...lessonEntries].map((e) => e.text);
    expect(texts.filter((t, i) => texts.indexOf(t) !== i)).toEqual([]);
  });

  it('catches at least 80 % of the risky messages with at most 1 % false alarms on lesson talk', () => {
    const caught = riskyEntries.filter((e) => e.got !== null).length;
    const lines = [`Recall over ${riskyEntries.length} ${set.language} risky messages: ${share(riskyEntries)}`];
    for (const category of Object.keys(set.risky) as SafetyCategory[]) {
      const ofCategory = riskyEntries.filter((e) => e.category === category);
      const kinds = Object.keys(set.risky[category]) as RiskyKind[];
      const byKind = kinds.map((kind) => `${kind} ${share(ofCategory.filter((e) => e.kind === kind))}`);
      lines.push(`  ${category}: ${share(ofCategory)}; ${byKind.join(', ')}`);
    }
    lines.push(
      `False alarms on ${lessonEntries.length} ${set.language} lesson messages: ${alarms.length} (${percent(alarms.length, lessonEntries.length)})`,
    );
    const misses = riskyEntries.filter((e) => e.got === null);
    lines.push(`Misses (${misses.length}):`, ...misses.map((e) => `  ${e.category}/${e.kind}: ${e.text}`));
    const elsewhere = riskyEntries.filter((e) => e.got !== null && e.got !== e.category);
    lines.push(`Caught under another category (${elsewhere.length}):`, ...elsewhere.map((e) => `  ${e.category} as ${e.got}: ${e.text}`));
    lines.push(`False alarms (${alarms.length}):`, ...alarms.map((e) => `  ${e.topic} as ${e.got}: ${e.text}`));
    console.log(lines.join('\n'));

    expect(caught / riskyEntries.length).toBeGreaterThanOrEqual(0.8);
    expect(alarms.length / lessonEntries.length).toBeLessThanOrEqual(0.01);
  });

  it('gives every self-harm message it catches the self-harm category, so the help resources are shown', () => {
    const other = riskyEntries.filter((e) => e.category === 'self_harm' && e.got !== null && e.got !== 'self_harm');
    expect(other.map((e) => `${e.got}: ${e.text}`)).toEqual([]);
  });

  it('keeps the reply check to what a tutor must never say: no other lesson text trips it', () => {
    const tripped = lessonEntries.filter((e) => classify(e.text, 'output') !== null).map((e) => e.text);
    expect(tripped.filter((t) => !set.knownReplyTrips.includes(t))).toEqual([]);
  });

  it('stays fast: it runs on every student message', () => {
    const texts = [...riskyEntries, ...lessonEntries].map((e) => e.text);
    for (const text of texts) classify(text, 'input');
    const rounds = 3;
    const started = performance.now();
    for (let r = 0; r < rounds; r++) for (const text of texts) classify(text, 'input');
    const perMessage = (performance.now() - started) / (rounds * texts.length);
    console.log(`classify(text, 'input') on ${set.language}: ${perMessage.toFixed(3)} ms per message over ${texts.length} messages`);
    // A loose bound: the aim is well under 1 ms; this only catches a rule that backtracks badly.
    expect(perMessage).toBeLessThan(2);
  });
});
