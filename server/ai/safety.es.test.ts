import { describe, expect, it } from 'vitest';
import { plainSpellingEs } from './safety-phrases.es';
import { classify, heldReply, heldReplyText, safeReply, safeReplyCategory, type SafetyCategory } from './safety';

/** The Spanish side of the instant check (docs/product/safety.md#spanish): its plain spelling, a few precise rules, the safe replies. */
describe('the Spanish plain spelling', () => {
  const same: [string, string][] = [
    ['me quiero morir', 'Me QUIERO morír'],
    ['me quiero morir', 'me kiero morir'],
    ['me quiero morir', 'me qiero morir'],
    ['me quiero morir', 'me kero morir'],
    ['me quiero morir', 'm3 qu1ero m0rir'],
    ['me quiero morir', 'me quierooo moriiiir'],
    ['ya no quiero vivir', 'ya no qiero bivir'],
    ['voy a llevar un cuchillo', 'boy a yebar un cuchiyo'],
    ['porque', 'xq'],
    ['porque', 'pq'],
    ['que', 'q'],
    ['que', 'k'],
    ['no se', 'nose'],
    ['pienso en suicidarme', 'pienso en suisidarme'],
    ['mi direccion es', 'mi dirrecion es'],
    ['mi contraseña es', 'mi contrasena es'],
    ['está', 'esta'],
  ];
  for (const [a, b] of same) {
    it(`reads "${b}" as "${a}"`, () => expect(plainSpellingEs(b)).toBe(plainSpellingEs(a)));
  }

  it('keeps words apart that sound apart', () => {
    expect(plainSpellingEs('matar')).not.toBe(plainSpellingEs('mate'));
    expect(plainSpellingEs('pegar')).not.toBe(plainSpellingEs('pagar'));
  });

  it('keys "ch" apart from "c" and "k": "chico" is not "kiko"', () => {
    expect(plainSpellingEs('chico')).toBe('chiko');
  });
});

describe('the Spanish phrase rules', () => {
  const cases: [string, SafetyCategory | null][] = [
    ['me quiero morir', 'self_harm'],
    ['me quiero morir de la verguenza', null],
    ['me muero de risa', null],
    ['romeo quiere morir al final', null],
    ['ya no quiero estar aqui', 'self_harm'],
    ['ya no quiero estar aqui en clase', null],
    ['me corte otra vez', 'self_harm'],
    ['me corte el pelo ayer', null],
    ['te voy a pegar', 'violence'],
    ['te voy a pegar el link', null],
    ['voy a pegar la foto en la cartulina', null],
    ['como hago una bomba casera', 'violence'],
    ['como hago una bomba de agua para la feria de ciencias', null],
    ['quieres coger?', 'sexual'],
    ['hay que coger el autobus', null],
    ['tienes pack?', 'sexual'],
    ['tienes el pack de expansion?', null],
    ['eres un boludo', 'bullying'],
    ['boludo no entiendo', null],
    ['mi numero es 612 345 678', 'personal_data'],
    ['resuelve 612 345 678', null],
    ['vivo en la calle Falsa 124', 'personal_data'],
    ['homero simpson vive en la calle Falsa 123', null],
    ['kike y yo hicimos la maqueta', null],
    ['k i k e', 'bullying'],
    ['el retardo de la señal', null],
    ['you are so dumb, me quiero morir', 'self_harm'],
    ['I want to die', 'self_harm'],
    // Issue 39 item 7: hurting oneself wished, and a threat against a named classmate.
    ['quiero hacerme daño', 'self_harm'],
    ['me quiero lastimar', 'self_harm'],
    ['no quiero hacerme daño jugando futbol', null],
    ['cuidado que me voy a hacer daño', null],
    ['mañana le pego a Juan', 'violence'],
    ['voy a pegarle a Luis', 'violence'],
    ['mañana le gano a Juan en ajedrez', null],
    // Item 8: a disclosure of abuse or neglect is safeguarding.
    ['mi padrastro me pega cuando esta borracho', 'safeguarding'],
    ['no hay comida en mi casa', 'safeguarding'],
    ['mi mama me pego la gripa', null],
    ['a mi me toca lavar los platos hoy', null],
  ];
  for (const [text, category] of cases) {
    it(`takes "${text}" as ${category ?? 'lesson talk'}`, () => expect(classify(text, 'input')).toBe(category));
  }
});

describe('the reply check in Spanish', () => {
  it('stops what a tutor must never say', () => {
    expect(classify('Deberías matarte.', 'output')).toBe('self_harm');
    expect(classify('Así se hace: cómo hacer una bomba casera', 'output')).toBe('violence');
    expect(classify('Eres muy tonto.', 'output')).toBe('bullying');
  });
  it('lets a lesson through', () => {
    expect(classify('Una bomba de agua mueve el agua con un motor.', 'output')).toBeNull();
    expect(classify('Los tres cerditos: la casa de paja se cae.', 'output')).toBeNull();
  });
});

describe('the safe replies in Spanish', () => {
  it('answers self-harm with the help lines, as the English reply does', () => {
    const es = safeReply('self_harm', 'es');
    for (const line of ['988', '741741', '911', 'findahelpline.com']) expect(es).toContain(line);
    expect(es).toContain('adulto de confianza');
  });
  it('keeps English the default', () => {
    expect(safeReply('bullying')).toBe(safeReply('bullying', 'en'));
    expect(heldReply()).toBe(heldReplyText);
  });
  it('names the category of a Spanish safe reply, for the help card', () => {
    for (const c of ['self_harm', 'safeguarding', 'violence', 'sexual', 'bullying', 'personal_data'] as const) {
      expect(safeReplyCategory(safeReply(c, 'es'))).toBe(c);
    }
  });
});
