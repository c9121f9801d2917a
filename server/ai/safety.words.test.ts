import { describe, expect, it } from 'vitest';
import { classify, heldReplyText, safeReply, safeReplyCategory } from './safety';

/** Tier (a)'s maintained filter (obscenity): slurs and evasions caught, lesson words left alone. */
describe('the word filter of the instant check', () => {
  const caught: [string, string][] = [
    ['ur a n1gg3r', 'bullying'],
    ['you are such a r3tard', 'bullying'],
    ['he is a f a g', 'bullying'],
    ['r.e.t.a.r.d', 'bullying'],
    ['k i k e', 'bullying'],
    ['niiiiggerrr', 'bullying'],
    ['f u c k you', 'bullying'],
    ['fck you', 'bullying'],
    ['y0u b!tch', 'bullying'],
    ['shut up you sh1t', 'bullying'],
    ['wanna watch p0rn', 'sexual'],
    ['send a dildo pic', 'sexual'],
  ];
  for (const [text, category] of caught) {
    it(`catches "${text}" as ${category}`, () => expect(classify(text, 'input')).toBe(category));
  }

  it('keeps self-harm first when a message has several hits', () => {
    expect(classify('you r3tard, I want to die', 'input')).toBe('self_harm');
  });

  const harmless = [
    'Scunthorpe is a town in Lincolnshire.',
    'How do we assess the class project?',
    'A cocktail of chemicals reacted in the beaker.',
    'Our analysis of the data shows a trend.',
    'We read Dick Whittington and his cat in class.',
    'Moby Dick is a long novel.',
    'Emily Dickinson wrote many poems.',
    'There is a chink in the armour of the argument.',
    'Fire retardant foam slows the flames.',
    'He was a niggardly old miser in the story.',
    'The hooker throws the ball into the lineout.',
    'She graduated magna cum laude.',
    'A volcanic dyke cuts through the rock layers.',
    'The pilot sat in the cockpit.',
    'The Negro Leagues were professional baseball leagues.',
    'How does sexual reproduction work? Explain how the penis and vagina are involved.',
    'Why is the anus part of the digestive system?',
    'The great tit is a small bird.',
    'Scat singing is a jazz technique.',
    'A Wankel engine has a rotor.',
    'Fagin is a character in Oliver Twist.',
    'This homework is shit.',
    'What does titration measure in chemistry?',
    'Sussex and Essex are counties in England.',
    'Explain the Constitution of the United States.',
    'Shiitake mushrooms grow on logs.',
    'The assassin hid in the passage.',
    'Is a raccoon a mammal?',
    'I am a b c d e learner',
    'you mean the shiitake',
    'my essay on pornography laws in history',
    'you bastardised the latin',
    'you bastardized the recipe',
  ];
  for (const text of harmless) {
    it(`lets "${text.slice(0, 50)}" through`, () => expect(classify(text, 'input')).toBeNull());
  }

  it('leaves the tutor-reply check as it was (slurs are the input filter)', () => {
    expect(classify('The Negro Leagues began in 1920.', 'output')).toBeNull();
  });
});

describe('the safe replies', () => {
  it('names the category of a safe reply, for the help card', () => {
    expect(safeReplyCategory(safeReply('self_harm'))).toBe('self_harm');
    expect(safeReplyCategory(safeReply('bullying'))).toBe('bullying');
    expect(safeReplyCategory('An ordinary reply.')).toBeUndefined();
    expect(safeReplyCategory(heldReplyText)).toBeUndefined();
  });
});
