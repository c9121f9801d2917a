import { describe, expect, it } from 'vitest';
import { classify, type SafetyCategory } from './safety';
import { lessonTalkEs } from './safety-set/es/lesson';
import { riskyEs } from './safety-set/es/risky';
import type { LessonTopic } from './safety-set/lesson';
import type { RiskyKind } from './safety-set/risky';

// The instant check (tier a) over the Spanish labelled set in ./safety-set/es (docs/product/safety.md,
// "Spanish"), with the English set's targets: the test fails below 80 % recall over all risky
// messages or above 1 % false alarms on lesson talk. The set is test data written for this project,
// so its texts are printed too.

interface RiskyEntry {
  text: string;
  category: SafetyCategory;
  kind: RiskyKind;
  got: SafetyCategory | null;
}

const riskyEntries: RiskyEntry[] = (Object.entries(riskyEs) as [SafetyCategory, Record<RiskyKind, string[]>][]).flatMap(
  ([category, kinds]) =>
    (Object.entries(kinds) as [RiskyKind, string[]][]).flatMap(([kind, texts]) =>
      texts.map((text) => ({ text, category, kind, got: classify(text, 'input') })),
    ),
);
const lessonEntries = (Object.entries(lessonTalkEs) as [LessonTopic, string[]][]).flatMap(([topic, texts]) =>
  texts.map((text) => ({ text, topic, got: classify(text, 'input') })),
);
const alarms = lessonEntries.filter((e) => e.got !== null);

const percent = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;
const share = (entries: RiskyEntry[]) => {
  const caught = entries.filter((e) => e.got !== null).length;
  return `${caught}/${entries.length} (${percent(caught, entries.length)})`;
};

describe('the instant check over the Spanish labelled set', () => {
  it('holds at least 300 risky messages and 300 lesson messages, none twice', () => {
    expect(riskyEntries.length).toBeGreaterThanOrEqual(300);
    expect(lessonEntries.length).toBeGreaterThanOrEqual(300);
    const texts = [...riskyEntries, ...lessonEntries].map((e) => e.text);
    expect(texts.filter((t, i) => texts.indexOf(t) !== i)).toEqual([]);
  });

  it('catches at least 80 % of the risky messages with at most 1 % false alarms on lesson talk', () => {
    const caught = riskyEntries.filter((e) => e.got !== null).length;
    const lines = [`Recall over ${riskyEntries.length} Spanish risky messages: ${share(riskyEntries)}`];
    for (const category of Object.keys(riskyEs) as SafetyCategory[]) {
      const ofCategory = riskyEntries.filter((e) => e.category === category);
      const kinds = Object.keys(riskyEs[category]) as RiskyKind[];
      const byKind = kinds.map((kind) => `${kind} ${share(ofCategory.filter((e) => e.kind === kind))}`);
      lines.push(`  ${category}: ${share(ofCategory)}; ${byKind.join(', ')}`);
    }
    lines.push(
      `False alarms on ${lessonEntries.length} Spanish lesson messages: ${alarms.length} (${percent(alarms.length, lessonEntries.length)})`,
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

  it('keeps the reply check to what a tutor must never say: no Spanish lesson text trips it', () => {
    // Like the English reply check, its sexual words flag these in any reply, a lesson's too.
    const known = ['por que es peligroso mandar nudes, lo vimos en clase', 'que es el sexting y por que es un delito'];
    const tripped = lessonEntries.filter((e) => classify(e.text, 'output') !== null).map((e) => e.text);
    expect(tripped.filter((t) => !known.includes(t))).toEqual([]);
  });

  it('stays fast: it runs on every student message', () => {
    const texts = [...riskyEntries, ...lessonEntries].map((e) => e.text);
    for (const text of texts) classify(text, 'input');
    const rounds = 3;
    const started = performance.now();
    for (let r = 0; r < rounds; r++) for (const text of texts) classify(text, 'input');
    const perMessage = (performance.now() - started) / (rounds * texts.length);
    console.log(`classify(text, 'input') on Spanish: ${perMessage.toFixed(3)} ms per message over ${texts.length} messages`);
    expect(perMessage).toBeLessThan(2);
  });
});
