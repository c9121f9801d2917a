import type { SafetyCategory } from './safety';
import { digitRun, joinSpaced, phoneShaped, spacedOut, spacedReadings } from './safety-phrases';

/**
 * The Spanish phrase rules of the instant safety check (tier a, docs/product/safety.md#spanish). They
 * run beside the English ones on every student message (a student may mix the two). A message is
 * first brought to one Spanish plain spelling, so that one rule covers the ways children write it:
 *
 * 1. lower case, accents and the tilde dropped ("está" is "esta", "daño" is "dano");
 * 2. letters written apart joined ("m o r i r", "m-a-t-a-r-m-e"), as a second reading;
 * 3. leet folded inside words that have letters (0→o 1→i 3→e 4→a 5→s 7→t @→a $→s);
 * 4. text-speak and common misspellings mapped to one word ("q", "k" → "que"; "xq", "pq" →
 *    "porque"; "tmb" → "tambien"; "nose" → "no se"; "pa" → "para"; "kero" → "quiero");
 * 5. a sound key that undoes the spellings children mix up: h dropped, "qu" and hard c as k, soft c
 *    and z as s, v as b, ll as y, "gue"/"gui" as "ge"/"gi", a final y as i ("kiero", "qiero" and
 *    "quiero" are one word; so are "bibir" and "vivir", "cuchiyo" and "cuchillo");
 * 6. every run of one letter cut to one letter ("muerooo", "corrreo").
 *
 * The rules are written in ordinary Spanish without accents and keyed the same way when compiled.
 * Spanish verbs carry the person, so "quiero morir" is the student and "Romeo quiere morir" is a
 * literature question; idioms that wish no death ("me muero de risa", "me mata de risa", "me voy a
 * morir de hambre") are left out by the rules themselves.
 */

// ---------------------------------------------------------------------------------------------
// Plain spelling

const leet: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' };

/** One word for the text-speak and misspellings the rules would otherwise each spell out. */
const wordMap: Record<string, string> = {
  q: 'que',
  k: 'que',
  ke: 'que',
  qe: 'que',
  xq: 'porque',
  pq: 'porque',
  pk: 'porque',
  xk: 'porque',
  xke: 'porque',
  porq: 'porque',
  porke: 'porque',
  tb: 'tambien',
  tmb: 'tambien',
  tbn: 'tambien',
  tmbn: 'tambien',
  nose: 'no se',
  ns: 'no se',
  d: 'de',
  x: 'por',
  pa: 'para',
  toy: 'estoy',
  stoy: 'estoy',
  boi: 'voy',
  voi: 'voy',
  kero: 'quiero',
  quero: 'quiero',
  qero: 'quiero',
  kere: 'quiere',
  nadien: 'nadie',
  naide: 'nadie',
  vdd: 'verdad',
  vd: 'verdad',
  xfa: 'por favor',
  porfa: 'por favor',
  plis: 'por favor',
  pls: 'por favor',
  dnd: 'donde',
  kmo: 'como',
  guey: 'wey',
  wei: 'wey',
  nudez: 'nudes',
  nuds: 'nudes',
  noods: 'nudes',
  nudess: 'nudes',
  mamdame: 'mandame',
  mandeme: 'mandame',
  numro: 'numero',
  nomero: 'numero',
  nro: 'numero',
  num: 'numero',
  wasap: 'whatsapp',
  guasap: 'whatsapp',
  wsp: 'whatsapp',
  wpp: 'whatsapp',
  whats: 'whatsapp',
  hdp: 'hijo de puta',
  padrasto: 'padrastro',
  ere: 'eres',
  eri: 'eres',
  horible: 'horrible',
  estupdo: 'estupido',
  idota: 'idiota',
  imvecil: 'imbecil',
  cojer: 'coger',
};

/** The sound key of one word (step 5 above); "ch" is held as "ç" (gone after the accents are dropped) while h goes. */
function soundKey(word: string): string {
  return word
    .replace(/cc/g, 'c')
    .replace(/ch/g, 'ç')
    .replace(/h/g, '')
    .replace(/qu(?=[ei])/g, 'k')
    .replace(/q/g, 'k')
    .replace(/c(?=[ei])/g, 's')
    .replace(/c/g, 'k')
    .replace(/z/g, 's')
    .replace(/v/g, 'b')
    .replace(/ll/g, 'y')
    .replace(/gu(?=[ei])/g, 'g')
    .replace(/(?<=[aeiou])y$/, 'i')
    .replace(/ç/g, 'ch');
}

/** A run of one letter cut to one letter. */
const skeleton = (text: string) => text.replace(/(\p{L})\1+/gu, '$1');

/** A lower-cased text in the Spanish plain spelling the Spanish rules read. */
export function plainSpellingEs(lower: string): string {
  let t = lower.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  t = t.replace(/(?<=\p{L})[-_](?=\p{L})/gu, ' ');
  t = t.replace(/[\p{L}\p{N}@$]+/gu, (token) => {
    if (!/\p{L}/u.test(token) || !/[013457@$]/.test(token)) return token;
    return [...token].map((c) => leet[c] ?? c).join('');
  });
  t = t.replace(/\p{L}+/gu, (word) => wordMap[word] ?? word);
  t = t.replace(/\p{L}+/gu, soundKey);
  return skeleton(t).replace(/\s+/g, ' ').trim();
}

/** A rule's source keyed like the text: each run of letters through the sound key and the skeleton. */
function keyPattern(source: string): string {
  let out = '';
  for (let i = 0; i < source.length;) {
    const c = source[i]!;
    if (c === '\\') {
      out += source.slice(i, i + 2);
      i += 2;
    } else if (c === '[' || c === '{') {
      const end = source.indexOf(c === '[' ? ']' : '}', i);
      out += source.slice(i, end + 1);
      i = end + 1;
    } else if (c === '(' && source[i + 1] === '?') {
      const m = /^\(\?(?:<[=!]|[:=!])/.exec(source.slice(i))!;
      out += m[0];
      i += m[0].length;
    } else if (c >= 'a' && c <= 'z') {
      let j = i;
      while (j < source.length && source[j]! >= 'a' && source[j]! <= 'z') j++;
      out += skeleton(soundKey(source.slice(i, j)));
      i = j;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

const compile = (source: string) => new RegExp(keyPattern(source));

// ---------------------------------------------------------------------------------------------
// Rules (ordinary Spanish, no accents; keyed when compiled)

/** After "morir": the idioms that wish no death. */
const IDIOM = String.raw`(?!\s+(?:de|del)\s+(?:la\s+)?(?:risa|verguenza|hambre|sueno|ganas|calor|frio|aburrimiento|envidia|nervios|amor|pena|miedo|susto|cansancio|sed|emocion|curiosidad|ternura|celos)|\s+por\s+(?:ver|ir|saber|tener|conocer|que|comer|jugar)|\s+(?:estudiando|trabajando|entrenando|de la risa)\b)`;
/** What a wish or a plan to die reaches for, after "quiero", "voy a", "tengo ganas de". */
const DEATH = [
  `morir(?:me)?${IDIOM}`,
  'matarme',
  'suicidarme',
  'suicidar(?!\\w)',
  'quitarme la vida',
  '(?:acabar|terminar) con mi vida',
  'acabar con todo',
  'irme para siempre',
  'dejar de (?:vivir|existir)',
  'no existir',
  'ahorcarme',
  'colgarme',
  'cortarme(?: las venas)?',
  'autoeliminarme',
  'desvivirme',
  '(?:tirarme|aventarme|lanzarme)\\s+(?:de|del|desde|por|al|a la|a las|bajo)',
  'envenenarme',
  'desaparecer(?:me)?\\s+(?:para siempre|del mundo|de este mundo)',
  'dormir (?:y no despertar|para siempre)',
  'estar muert[oa]',
].join('|');
const WANT =
  'quiero|queria|quisiera|deseo|necesito|voy a|ire a|pienso|planeo|tengo ganas de|ganas de|me gustaria|prefiero|intente|trate de|voy a intentar|he intentado';
/** "me" and the verb that the wish is about: "me quiero morir", "me voy a matar", "me he vuelto a cortar". */
const ME_VERB =
  'ir para siempre|morir|matar|suicidar|cortar|ahorcar|colgar|tirar\\s+(?:de|del|desde|por|al)|aventar\\s+(?:de|del|desde|al)|desvivir|autoeliminar|quitar la vida|envenenar';

/** The adults at home and around a child. */
const ADULT =
  'jefe|jefa|vieja|viejo|papa|padre|mama|madre|padrastro|madrastra|tio|tia|abuelo|abuela|novio de mi mama|pareja de mi mama|novia de mi papa|pareja de mi papa|entrenador|entrenadora|nineras?|cuidador|cuidadora|papas|padres|jefes';

const selfHarm: string[] = [
  String.raw`\b(?:me\s+)?(?:${WANT})\s+(?:(?:ya|solo|nomas|simplemente|de verdad|en serio|literal|literalmente|mejor)\s+)?(?:${DEATH})`,
  String.raw`\bme\s+(?:quiero|queria|quisiera|voy a|pienso|tengo que|(?:he\s+)?vuelto a|volvi a|vuelvo a)\s+(?:ya\s+)?(?:${ME_VERB})\b${IDIOM}`,
  String.raw`\b(?:pienso|pense|pensado|pensando)\s+(?:en|de)\s+(?:suicidarme|matarme|quitarme la vida|morirme|cortarme|ahorcarme|tirarme)\b|\b(?:pienso|pense|he pensado|estoy pensando|ando pensando|sigo pensando)\s+en\s+(?:el|mi)\s+suicidio\b`,
  String.raw`\b(?:tengo|tuve|con|tener)\s+(?:pensamientos|ideas)\s+(?:suicidas|de suicidio|de matarme|de morir|de quitarme la vida)\b|\bsoy\s+suicida\b`,
  String.raw`\bcomo\s+(?:matarme|suicidarme|quitarme la vida|ahorcarme|cortarme las venas)\b|\b(?:forma|manera|metodo)\s+(?:mas\s+)?(?:facil|rapida|indolora|segura)\s+(?:de|para)\s+(?:suicidarse|suicidarme|matarse|matarme|morir)\b`,
  String.raw`(?<!\bmi\s+(?:${ADULT})\s+)\bme\s+(?:(?:he\s+)?(?:vuelto|volvi|vuelvo|sigo|empece|empezado)\s+a\s+)?(?:corto|corte|cortado|cortando|quemo|queme|quemado|quemando|rasguno|rasgune|lastimo|lastime|lastimando)\s+(?:los brazos|las munecas|las piernas|los muslos|la piel|el brazo|la muneca|la pierna|otra vez|de nuevo|a proposito|cuando|porque|todos los dias|todas las noches|con (?:el|un|una) (?:encendedor|mechero|cigarro|navaja|cuchilla|sacapuntas|cutter|vidrio))\b|\bme\s+(?:corto|corte)\s*(?:$|[.!?])`,
  // Hurting oneself wished or planned ("quiero hacerme dano", "me quiero lastimar"); not "voy a" alone, which warns of an accident.
  String.raw`(?<!\bno\s+)\b(?:me\s+)?(?:quiero|queria|quisiera|deseo|necesito|tengo ganas de|ganas de|me dan ganas de|pienso|planeo|trate de|intente|he intentado|voy a volver a|vuelvo a|volvi a)\s+(?:(?:ya|solo|nomas|simplemente|de verdad|en serio|otra vez|mucho)\s+)?(?:hacerme\s+(?:dano|mal|heridas|cortes)|lastimarme|herirme|castigarme|quemarme|golpearme|rasgunarme|arrancarme la piel)\b(?!\s+(?:jugando|sin querer|con el sol|al sol|en el sol))`,
  String.raw`(?<!\bno\s+)\bme\s+(?:quiero|queria|quisiera|dan ganas de|voy a volver a|vuelvo a)\s+(?:(?:ya|otra vez)\s+)?(?:hacer\s+(?:dano|mal|heridas|cortes)|lastimar|herir|castigar|quemar|golpear)\b(?!\s+(?:jugando|sin querer|con el sol|al sol))`,
  String.raw`\bme\s+hago\s+dano\b(?!\s+(?:jugando|sin querer|en (?:el|la|los|las)\b|con (?:el|la) (?:balon|pelota|puerta)))`,
  String.raw`\b(?:tomarme|tome|tomo|tomar|trague|tragarme|tragar)\s+(?:todas las|todo el|toda la caja de|una caja de|un monton de|muchas|un bote de|un frasco de|\d{2,})\s+(?:\w+\s+)?(?:pastillas|pildoras|tabletas|paracetamol|ibuprofeno|medicinas|medicamentos|antidepresivos|calmantes)\b`,
  String.raw`\bojala\s+(?:(?:yo|ya|que)\s+)*(?:estuviera|estuviese)\s+muert[oa]\b|\bojala\s+(?:(?:yo|ya|que)\s+)*me\s+(?:muriera|muera|muriese)\b|\b(?:ojala|quisiera|desearia|me gustaria|preferiria)\s+(?:(?:yo|ya|que)\s+)*no\s+(?:haber nacido|hubiera nacido|hubiese nacido|existir|existiera|estar vivo|estar viva|despertar)\b`,
  String.raw`\b(?:ya\s+)?no\s+(?:quiero|deseo|tengo ganas de)\s+(?:seguir\s+)?(?:vivir(?!\s+(?:en|con|cerca|lejos|ahi|alli)\b)|viviendo|existir|estar vivo|estar viva|despertar|estar aqui(?!\s+(?:en|con|hoy|manana|el|la|los|las|para|porque)\b)|estar en este mundo|seguir(?=\s*(?:$|[.!,?]|asi\b|mas\b|adelante\b)))`,
  String.raw`\bquiero\s+que\s+(?:todo|mi vida|el dolor)\s+(?:se\s+)?(?:acabe|termine|pare)\b`,
  String.raw`\b(?:estarian|estaria|serian|seria|vivirian|viviria|estaran|estara|van a estar|va a estar)\s+mejor\s+(?:sin\s+mi\b|si\s+(?:yo\s+)?no\s+(?:estuviera|existiera|hubiera nacido|estoy)\b|si\s+(?:yo\s+)?(?:me\s+)?muriera\b|cuando\s+(?:yo\s+)?(?:me muera|no este)\b)`,
  String.raw`\bnadie\s+me\s+(?:extranaria|va a extranar|extranara|echaria de menos|echara de menos|lloraria)\b|\bnadie\s+(?:notaria|se daria cuenta|se va a dar cuenta|lo notaria)\b.{0,20}\b(?:si|cuando)\s+(?:yo\s+)?(?:me muero|muriera|desapareciera|desaparezco|no estuviera|no este|me mato)\b|\bcuando\s+(?:yo\s+)?(?:ya\s+)?no\s+este\b.{0,40}\bnadie\b`,
  String.raw`\b(?:dormir|dormirme)\s+(?:y\s+)?(?:no\s+(?:volver a\s+)?despertar|para siempre|y nunca despertar)\b`,
  String.raw`\bno\s+(?:le\s+)?(?:veo|encuentro)\s+(?:el\s+|ningun\s+)?sentido\s+(?:a|de|en)\s+(?:vivir|la vida|mi vida|seguir|existir|nada)\b|\bmi\s+vida\s+(?:ya\s+)?no\s+tiene\s+sentido|\bya\s+nada\s+tiene\s+sentido|\bpara\s+que\s+(?:sigo|seguir)\s+(?:viviendo|vivo|aqui|existiendo)\b`,
  String.raw`\b(?:estoy|ando|me siento|me canse|me harte)\s+(?:(?:muy|tan|re|bien)\s+)?(?:cansad[oa]|hart[oa])\s+de\s+(?:vivir|la vida|existir|mi vida|estar vivo|estar viva)\b`,
  String.raw`\b(?:esta|este)\s+es\s+mi\s+(?:despedida|adios|ultimo mensaje)\b|\bmi\s+carta\s+de\s+(?:despedida|suicidio)\b|\bcarta\s+de\s+suicidio\b|\b(?:adios|bye|chao|chau)\s+mundo\s+cruel\b`,
  String.raw`\b(?:soy|me siento)\s+(?:(?:solo|nada mas|una|un|tan|muy|re)\s+){0,2}(?:carga|estorbo|desperdicio de (?:espacio|oxigeno|aire))\b`,
  String.raw`\bno\s+voy\s+a\s+estar\s+(?:aqui|viv[oa]|por aqui)\s+(?:mucho tiempo|por mucho|mucho mas|mas tiempo)\b`,
  String.raw`\bmi\s+vida\s+no\s+vale\s+(?:nada|la pena)\b|\bno\s+vale\s+la\s+pena\s+(?:vivir|seguir viviendo)\b`,
  String.raw`\b(?:mejor|preferiria|prefiero)\s+no\s+despertar\b|\bme\s+estoy\s+(?:cortando|lastimando|quemando|haciendo dano)\b(?!\s+(?:el pelo|las unas|con el papel))|\bsi\s+(?:yo\s+)?me\s+muero\b.{0,20}\bnadie\b|\bpastillas\s+guardadas\b`,
  String.raw`\bno\s+tengo\s+(?:ninguna\s+|ningun\s+)?(?:razon|razones|motivo|motivos|ganas)\s+(?:para|de)\s+(?:vivir|seguir viviendo|seguir vivo|seguir viva|existir)\b`,
];

/**
 * Safeguarding: a child telling of abuse or neglect by an adult who cares for them. Its own
 * category, high, alerting the school as self-harm does (safety.md#flags).
 */
const safeguarding: string[] = [
  String.raw`\bmi\s+(?:papa|padre|mama|madre|padrastro|madrastra|tio|hermano|abuelo|novio de mi mama|pareja de mi mama|entrenador)\s+(?:me|nos)\s+(?:pega|golpea|pegan|golpean|lastima|maltrata|patea|ahorca|quema|encierra)\b|\ben\s+mi\s+casa\s+me\s+(?:pegan|golpean|maltratan|lastiman)\b`,
  String.raw`\b(?:dice|dijo|amenaza|amenazo)\s+(?:que\s+)?(?:me\s+)?(?:mata|matara|va a matar|va a pegar|pega)\s+si\s+(?:le\s+)?(?:cuento|digo|hablo)\b`,
  String.raw`\b(?:me\s+)?(?:toca|tocan|toquetea|manosea|manoseo|tocaba)\s+(?:ahi abajo|mis partes|mis pechos|por debajo|debajo de|donde no|y dice que|y me dice que|cuando estamos solos)\b|\bes\s+nuestro\s+secreto\b`,
  String.raw`\bmi\s+(?:${ADULT})\s+(?:(?:siempre|a veces|otra vez|ayer|anoche)\s+)?(?:me|nos)\s+(?:pego(?!\s+(?:la|el|los|las|una|un|su)\b)|golpeo|pegaron|golpearon|lastimo|pateo|quemo|ahorco|encerro|encierra|encierran|dejo marcas|dejo moretones|pega con|golpea con|pego con)\b(?!\s+(?:en (?:el|la) (?:juego|partido|carrera|ajedrez|uno))\b)`,
  String.raw`\b(?:me|nos)\s+(?:pega|golpea|pegan|golpean|lastima|lastiman)\s+(?:cuando|si|siempre que)\s+(?:esta|estan|anda|andan|llega|llegan|se pone|se ponen|toma|toman)\s+(?:borracho|borracha|borrachos|tomado|tomada|pedo|enojado|enojada|drogado|drogada|bebido)\b|\bcuando\s+(?:mi\s+(?:${ADULT})\s+)?(?:toma|bebe|esta borracho|esta tomado|se emborracha)\b.{0,20}\b(?:me|nos)\s+(?:pega|golpea|lastima)\b`,
  String.raw`\b(?:moretones|marcas|quemaduras|golpes)\b.{0,30}\b(?:de|por|porque)\s+mi\s+(?:${ADULT})\b`,
  String.raw`\b(?:tengo|me da)\s+miedo\s+(?:de\s+)?(?:volver|regresar|ir|llegar)\s+a\s+(?:mi\s+)?casa\s*(?:$|[.!]|(?:por|porque|xq|pq)\s+(?:mi\s+(?:${ADULT})|el|ella|ellos|lo que (?:me )?hacen?)\b(?!\s+(?:se va a enojar|se enoja|me va a reganar|me regana)\b))|\b(?:tengo|me da)\s+miedo\s+de\s+mi\s+(?:papa|padre|padrastro|mama|madre|madrastra|tio|abuelo)\b(?!\s+(?:se enoje por|vea mis notas|vea la boleta))`,
  String.raw`\bno\s+hay\s+(?:nada de\s+)?comida\s+en\s+(?:mi\s+|la\s+)?casa\b|\bnadie\s+me\s+da\s+de\s+comer\b|\bno\s+(?:he|hemos)\s+comido\s+(?:nada\s+)?(?:en|desde hace)\s+(?:\w+\s+)?dias\b|\b(?:me|nos)\s+dejan?\s+sol[oa]s?\s+(?:en casa\s+)?(?:por|durante|todo el fin|varios|muchos)\s+(?:\w+\s+)?(?:dias|semana|fin de semana|noches)\b`,
  String.raw`\b(?:me|nos)\s+(?:encierra|encierran|encerro|encerraron)\s+en\s+(?:mi\s+|el\s+|la\s+|un\s+)?(?:cuarto|habitacion|bano|closet|armario|sotano|patio)\b`,
  String.raw`\bmi\s+(?:${ADULT}|primo|hermano)\s+(?:(?:siempre|a veces|ya)\s+)?me\s+(?:toca|toco|tocaba|manosea|manoseo|toquetea)\b(?!\s+(?:a mi|la puerta|el timbre|la guitarra|el piano|\w+(?:ar|er|ir))\b)|\bme\s+obliga\s+a\s+(?:tocarlo|tocarla|ver porno|desnudarme)\b`,
];

/** Verbs of harm after "te voy a", "lo voy a", "le voy a" and the like. */
const HARM = String.raw`matar|asesinar|apunalar|acuchillar|disparar|balear|balacear|ahorcar|estrangular|envenenar|golpear|madrear|reventar|partir la (?:cara|madre|boca|jeta)|romper (?:la|los|el) (?:cara|madre|boca|jeta|cabeza|dientes|huesos|piernas|brazos|nariz)|dar una (?:paliza|golpiza|madriza|putiza|hostia|pu[n]?alada)|dar en la madre|pegar un tiro|meter un (?:tiro|plomazo|balazo)|cagar a (?:pinas|palos|trompadas)|quemar|degollar|quebrar|torturar|patear|agarrar a (?:golpes|putazos|pinas)|pegar(?!\s+(?:la|el|una|un|las|los|unas|unos)\s+(?:foto|fotos|etiqueta|imagen|hoja|papel|sticker|estampa|calcomania|texto|dibujo|cartel|link|enlace|archivo|codigo|resumen|tarea|grito|susto|buen))`;
const SCHOOL = 'escuela|colegio|cole|salon|clase|prepa|secu|secundaria|insti|instituto|liceo';
/** A time or place at school a threat names. */
const WHEN =
  'manana|hoy|a la salida|en el recreo|en el descanso|saliendo de clase|saliendo de la escuela|despues de clase|despues de la escuela|despues del cole|el lunes|el martes|el miercoles|el jueves|el viernes|en la hora del almuerzo|en el almuerzo';
const WEAPON = 'pistola|arma|cuchillo|navaja|bomba|escopeta|rifle|fusca|revolver|machete|granada';

const violence: string[] = [
  String.raw`\b(?:te|lo|la|los|las|le|les|os)\s+(?:voy|vamos)\s+a\s+(?:${HARM})\b`,
  String.raw`\b(?:voy a|vamos a|quiero|queremos|tengo ganas de)\s+(?:matar|asesinar|apunalar|acuchillar|balear|envenenar|estrangular|ahorcar|madrear|golpear)\s+(?:a|al)\s+(?!(?:los\s+|las\s+)?(?:zombies|zombis|bichos|mosquitos|cucarachas|jefe|boss|dragon|ender|creepers?|enemigos|monstruos)\b)\w+`,
  String.raw`\b(?:voy|vamos)\s+a\s+(?:matar|asesinar)\s+(?:a\s+)?(?:todos|todas|todo el mundo)\b|\b(?:voy|vamos)\s+a\s+(?:matarlo|matarla|matarlos|matarte|asesinarlo|apunalarlo|apunalarte)\b`,
  String.raw`\b(?:voy|vamos|quiero|pienso)\s+a\s+(?:llevar|traer|meter|esconder)\s+(?:(?:un|una|el|la|mi|la de|el de)\s+)?(?:${WEAPON})\b.{0,40}\b(?:${SCHOOL})\b|\b(?:llevar|traer|meter)\s+(?:un|una|el|la|mi)\s+(?:${WEAPON})\s+(?:a|al)\s+(?:la\s+)?(?:${SCHOOL})\b`,
  String.raw`\b(?:traigo|llevo|traje|lleve|tengo)\s+(?:la|el|una|un|mi)\s+(?:${WEAPON})\b.{0,40}\b(?:${SCHOOL}|se acaba|todos|van a ver)\b|\bte\s+(?:parto|rompo)\s+en\s+dos\b`,
  String.raw`\b(?:quemar|incendiar|volar|explotar|bombardear|balacear|tirotear)\s+(?:la|el|mi)\s+(?:${SCHOOL})\b|\b(?:poner|meter|dejar)\s+una\s+bomba\s+en\s+(?:la|el|mi)\s+(?:${SCHOOL})\b`,
  String.raw`\b(?:le|te|les|los)\s+(?:doy|dare|voy a dar|vamos a dar|damos)\s+(?:una\s+)?(?:paliza|golpiza|madriza|putiza|hostia|pinas|trompada|punetazo|patada|navajazo|punalada|balazo|tiro|plomazo)\b`,
  String.raw`\bcomo\s+(?:se\s+)?(?:hago|hacer|fabrico|fabricar|construyo|construir|consigo|conseguir|compro|comprar|armo|armar)\s+(?:una|un)\s+(?:bomba(?!\s+(?:de agua|de calor|hidraulica|de vacio|de aire))|arma|pistola|explosivo|molotov|granada)\b`,
  String.raw`\bno\s+(?:vengan|vayas|vayan|vengas)\s+(?:manana\s+)?a\s+(?:la\s+)?(?:${SCHOOL})\b.{0,40}\b(?:advierto|aviso|advertidos|avisados|algo|pasar|van a ver)\b`,
  String.raw`\bse\s+van\s+a\s+arrepentir\b|\bme\s+las\s+(?:van a|vas a|va a)\s+pagar\b|\bme\s+las\s+pagaran\b`,
  String.raw`\b(?:lista negra|lista de (?:los que|gente|personas|nombres))\b.{0,40}\b(?:pagar|morir|matar|arrepentir|sufrir)`,
  String.raw`\bse\s+donde\s+(?:\w+\s+){0,4}?(?:guarda|esconde|tiene)\s+(?:\w+\s+){0,3}?(?:pistola|arma|escopeta|rifle|balas|revolver)\b`,
  String.raw`\bme\s+(?:amenazo|amenaza|amenazaron|amenazan)\s+con\s+(?:matarme|pegarme|golpearme|apunalarme|dispararme|hacerme dano)\b`,
  String.raw`\b(?:como|forma|manera)\b.{0,25}\b(?:envenenar|matar|lastimar|apunalar|ahorcar|estrangular|golpear)\s+a\s+(?:alguien|una persona|mi \w+|un companero|una companera|la profe|el profe)\b`,
  String.raw`\bquiero\s+(?:verlos|verlas|verla|verlo|verte)\s+(?:sufrir|morir|sangrar)\b|\bquiero\s+que\s+(?:se\s+)?(?:mueran|sufran)\b`,
  String.raw`\balgo\s+(?:muy\s+)?(?:malo|grave|feo|terrible)\s+va\s+a\s+pasar\s+en\s+(?:la|el)\s+(?:${SCHOOL})\b`,
  String.raw`\b(?:te|le|les|los)\s+(?:parto|rompo|reviento|partire|rompere)\s+(?:la|el)\s+(?:madre|cara|boca|jeta|hocico|alma|cabeza|craneo|cuello|nariz)\b|\b(?:partirte|romperte|reventarte|partirle|romperle|reventarle)\s+(?:la|el)\s+(?:madre|cara|boca|jeta|hocico|cabeza|craneo|cuello|nariz|alma)\b`,
  // A threat against a named classmate: the present as future with a time at school ("manana le pego
  // a juan", "a la salida lo mato"), the infinitive with its pronoun ("voy a pegarle a luis").
  String.raw`\b(?:${WHEN})\b.{0,15}\b(?:le|lo|la|te|los|les)\s+(?:pego(?!\s+(?:la|el|una|un|las|los|unas|unos)\b)|mato|reviento|madreo|apunalo|disparo|parto la (?:cara|madre|boca)|rompo la (?:cara|madre|boca)|doy (?:una|un)\s+(?:paliza|golpiza|madriza|putiza|punetazo|balazo|tiro|punalada))\b|\b(?:le|lo|la|te|los|les)\s+(?:pego|mato|reviento|madreo|apunalo|disparo)\s+(?:a\s+\w+\s+)?(?:${WHEN})\b|\b(?:${WHEN})\s+(?:mato|apunalo|madreo|balaceo)\s+a\s+\w+`,
  String.raw`\b(?:voy|vamos)\s+a\s+(?:darle|meterle|pegarle|golpearle|reventarle|romperle|partirle|madrearle)\s+(?:una\s+(?:paliza|golpiza|madriza|putiza|punalada|patada|chinga)|un\s+(?:tiro|balazo|punetazo|golpe|madrazo|navajazo|plomazo)|a\s+(?!(?:la|el|los|las|una|un|esa|ese|eso)\b)\w+)|\bagarrar\s+a\s+(?:golpes|putazos|pinas|madrazos|patadas|trancazos|chingadazos)\s+a\s+\w+|\b(?:${WHEN})\b.{0,30}\b(?:para\s+)?(?:pegarle|golpearlo|golpearla|madrearlo|matarlo|matarla|romperle la cara|partirle la cara|partirle la madre)\b`,
  String.raw`\b(?:es|eres|estas|esta)\s+(?:hombre|mujer)\s+muert[oa]\b`,
  String.raw`\b(?:picar|picarte|picarlo|rajar|rajarte|rajarlo|apunalar|apunalarte|apunalarlo)\s+con\s+(?:una|la|mi)\s+(?:navaja|cuchilla|filero|punta|cuchillo)\b`,
];

const INSULT =
  'estupid[oa]|idiota|imbecil|tont[oa]|fe[oa]|gord[oa]|asqueros[oa]|inutil|perdedor|perdedora|basura|zorra|puta|puto|pendej[oa]|bolud[oa]|pelotud[oa]|gilipollas|subnormal|retrasad[oa]|retardad[oa]|mongol[oa]?|tarad[oa]|estorbo|fracasad[oa]|naco|naca|cerd[oa]|vaca|ballena|marica|maricon|joto|perra|rar[oa]|asco|mierda|bastard[oa]|malparid[oa]|huevon|weon|culero|culera|mamon|cabron|cabrona|gonorrea|pringad[oa]|horrible|patetic[oa]|desgraciad[oa]|lerd[oa]|menso|mensa';
const INTENSE =
  'un|una|muy|tan|re|bien|la|el|mas|lo mas|pinche|maldito|maldita|puta|puto|asi de|super|demasiado|tremendo|tremenda|grandisim[oa]';

const bullying: string[] = [
  String.raw`\b(?:eres|sos|seas|vos sos|tu eres|son unos|son unas)\s+(?:(?:${INTENSE})\s+){0,3}(?:${INSULT})\b`,
  String.raw`\bque\s+(?:${INSULT})\s+(?:eres|sos)\b|\b(?:das|dais|me das)\s+asco\b|\bque\s+asco\s+(?:das|me das|dais)\b`,
  String.raw`\b(?:nadie|ni tu madre|ni tu mama|ni tus papas|ni tu familia)\s+te\s+(?:quiere|quieren|soporta|aguanta|traga|quiere ver)\b|\bnadie\s+quiere\s+(?:ser\s+)?(?:tu|su)\s+amig[oa]\b`,
  String.raw`\b(?:todos|todo el mundo|toda la clase|todo el salon|todas)\s+te\s+(?:odian|odia|odiamos|detestan|detesta)\b`,
  String.raw`\bojala\s+(?:te\s+mueras|te\s+murieras|te atropellen|te atropelle|te de cancer|te pase algo)\b|\bhacerle\s+bullying\b|\b(?:matate|suicidate|ahorcate|muerete)\b|\bdeberias\s+(?:matarte|suicidarte|morirte|ahorcarte)\b|\bvete\s+a\s+(?:morir|matarte)\b|\bnadie\s+te\s+va\s+a\s+extranar\b`,
  String.raw`\bcallate\b.{0,10}\b(?:${INSULT})\b|\bvete\s+a\s+la\s+(?:mierda|verga|chingada)\b`,
  String.raw`\b(?:vamos a|hay que|hagamos|deberiamos|todos a)\s+(?:ignorar|excluir|aislar|molestar|hacerle el vacio|hacerle bullying)\s+a\s+\w+|\b(?:burlarnos|reirnos)\s+de\s+(?:el|ella|esa|ese|la nueva|el nuevo|\w+)\b`,
  String.raw`\bno\s+(?:inviten|invitemos|invites|le hablen|le hablemos|se junten con|te juntes con)\s+(?:a\s+)?\w+\b.{0,30}\b(?:rar[oa]|fe[oa]|gord[oa]|huele|apesta|perdedor|asquero|tont[oa]|naco|pesad[oa])`,
  String.raw`\b(?:grupo|chat|pagina|cuenta)\b.{0,30}\b(?:burlarnos|reirnos|molestar|humillar|exponer|hacerle bullying|hablar mal)\b`,
  String.raw`\b(?:subir|compartir|pasar|mandar|publicar|difundir|filtrar)\s+(?:la|una|esa|el|ese|su)\s+(?:foto|video|captura|audio)s?\s+(?:fea|feo|vergonzos[oa]|intim[oa]|desnud[oa]|privad[oa])\b`,
  String.raw`\bse\s+(?:burlan|rien|burlaron|rieron)\s+de\s+mi\b|\bme\s+(?:dicen|llaman|gritan|dijeron|llamaron|ponen)\s+(?:(?:${INSULT})\b|apodos|cosas feas|cosas horribles|groserias|nombres feos)`,
  String.raw`\bme\s+(?:pegan|empujan|golpean|patean|escupen)\s+(?:en|cuando|todos|a la salida|y se rien)\b|\bme\s+(?:mandan|envian|escriben|dejan)\s+(?:mensajes|comentarios|notas)\s+(?:feos|horribles|crueles|de odio|amenazantes|malos)\b`,
  String.raw`\ba\s+todos\s+su\s+secreto\b`,
  String.raw`\bnadie\s+(?:se\s+)?(?:va a|quiere|se va a)\s+(?:sentar|juntar|jugar|hablar)(?:se)?\s+con\s+(?:el nuevo|la nueva|el|ella|ese|esa|tigo|vos)\b`,
  String.raw`\btu\s+(?:mama|madre|vieja|hermana|papa|viejo)\s+es\s+(?:(?:una|un|bien|muy)\s+)?(?:${INSULT})\b`,
  String.raw`\b(?:hijo|hija)\s+de\s+(?:puta|perra)\b|\bhijueputa\b|\bhijoputa\b|\bconcha\s+(?:de\s+)?tu\s+madre\b|\bchinga\s+tu\s+madre\b|\bctm\b`,
  // Slurs: bullying wherever they are.
  String.raw`\b(?:maricon|mariconazo|joto|jotos|sudaca|sudacas|negrata|tortillera|bollera|travelo)\b`,
];

/** Pictures and videos asked for: "nudes", "el pack", "fotos desnuda", "fotos sin ropa". */
const PICS = String.raw`(?:nudes|pack(?!\s+de\b)|fotos?\s+(?:desnud[oa]s?|sin (?:nada de\s+)?ropa|sin camiseta|sin playera|en ropa interior|en calzones|en bikini|hot|calientes?|intimas?|de tus (?:pechos|tetas|partes|nalgas))|videos?\s+(?:desnud[oa]|calientes?|hot|porno)|(?:tus|las)\s+(?:tetas|pechos|nalgas|partes intimas|chichis|bubis)|fotos?\s+de\s+(?:tu|mi)\s+cuerpo)`;
const ASK =
  'mandame|manda|mandas|me mandas|mandate|pasame|pasa|pasas|me pasas|envia|enviame|me envias|quiero ver|quiero|ensename|ensenas|muestrame|muestra|tienes|tenes|comparte|sube|dame';

const sexual: string[] = [
  String.raw`\b(?:${ASK})\s+(?:(?:el|tu|un|una|unas|unos|las|los|tus|mas)\s+)?${PICS}`,
  String.raw`\bque\s+me\s+desnude\b|\bdesnudarme\b|\bhacer\s+cosas\s+de\s+adultos\b`,
  String.raw`\bfotos?\s+(?:\w+\s+)?(?:desnud[oa]s?|sin (?:nada de\s+)?ropa|en ropa interior|en calzones)\b|\bmandame\s+(?:unas\s+|una\s+)?fotos?\b(?!\s+(?:de|del)\s+(?!(?:ti|tu|tus)\b))`,
  String.raw`\b(?:quieres|queres|vamos a|hagamos|tengamos|podemos|quiero)\s+(?:tener\s+|hacer\s+)?(?:sexo|el amor|el delicioso|cochinadas)\b|\bsexo\s+(?:conmigo|contigo)\b|\bquiero\s+hacerlo\s+contigo\b`,
  String.raw`\b(?:quieres|queres|vamos a|te quiero|quiero)\s+(?:coger|follar|culear|cogerte|follarte)\b(?!\s+(?:el|la|los|las|un|una|mi|tu|algo|eso|esto|este|ese|esta|sitio|fuerzas|aire)\b)`,
  String.raw`\b(?:quitate|sacate|quitese)\s+(?:la|el|los|las|tu|toda la)\s+(?:ropa|camisa|camiseta|playera|blusa|brasier|sosten|calzones|bragas|pantalones|calzon|tanga)\b|\b(?:desnudate|desvistete|encuerate)\b`,
  String.raw`\b(?:hablemos|platiquemos|quieres hablar|hablamos)\s+(?:de\s+)?(?:cosas|temas)\s+(?:sexuales|cochinas|calientes|hot|sucias|de sexo|pervertidas)\b|\b(?:historia|cuento|chat|rol)\s+(?:porno|erotic[oa]|caliente|hot|xxx)\b`,
  String.raw`\bno\s+(?:le\s+)?(?:digas|cuentes|diga|cuente|dijera|contara)\s+(?:nada\s+)?(?:a\s+)?(?:tus|mis)\s+(?:papas|padres|jefes|viejos)\b|\bmadur[oa]\s+para\s+(?:mi|tu|su)\s+edad\b`,
  String.raw`\b(?:vernos|veamos|nos veamos|quedar|conocernos)\b.{0,30}\b(?:a solas|sin que (?:sepan|se enteren)|en secreto)\b`,
  String.raw`\bme\s+(?:pidio|pide|piden|pidieron|esta pidiendo)\b.{0,30}\bfotos?\b.{0,25}\b(?:en el bano|sin (?:ropa|camiseta|camisa|playera|nada)|desnud|en ropa interior|en la cama|y que no|que no le|de mi cuerpo|en bikini|en calzones|intimas)`,
  String.raw`\bque\s+(?:llevas|traes|tienes)\s+puesto\b(?!\s+para)|\beres\s+virgen\b|\bvideollamada\b.{0,25}\b(?:en la cama|en el bano|desnud|sin ropa|en la ducha)`,
  String.raw`\b(?:mostro|enseno|paso|mando)\s+(?:\w+\s+){0,2}(?:videos?|fotos?)\s+(?:de\s+)?(?:\w+\s+)?(?:haciendolo|teniendo sexo|desnud[oa]s?)\b`,
  String.raw`\b(?:hacemos|hagamos|quieres hacer|haces)\s+sexting\b|\bestas\s+(?:bien|muy|re)\s+(?:buena|bueno|rica|rico|sabrosa|buenota)\b`,
  // Explicit words no lesson needs (a short list written for this project, see safety.md#spanish).
  String.raw`\b(?:follar|follame|follarte|follando|chupapollas|chupamela|mamamela|pajearme|pajearse|pajeando|culear|culeando)\b|\bhacer(?:me|te|se)\s+una\s+paja\b`,
];

const PLATFORM =
  'insta|instagram|ig|snap|snapchat|tiktok|discord|whatsapp|face|facebook|free fire|roblox|fortnite|telegram|twitter|twitch|kik|minecraft|steam|xbox|psn';
const STREET =
  'calle|c|avenida|av|avda|paseo|plaza|pza|carrera|cra|jiron|pasaje|camino|ronda|colonia|col|bulevar|privada|diagonal|transversal';

const personalData: string[] = [
  String.raw`\b(?:pasame|pasa|dame|deme|me das|me pasas|me puedes pasar|me pasarias|cual es|dime|mandame|enviame)\s+(?:tu|su)\s+(?:numero|cel|celular|telefono|tel|movil|${PLATFORM}|direccion|domicilio|contrasena|clave|correo|email|mail|ubicacion|usuario|user)\b`,
  String.raw`\b(?:dime|decime|cuentame)\s+(?:en\s+)?donde\s+vives\b|^\s*(?:y\s+)?(?:en\s+)?donde\s+vives\s*\?`,
  String.raw`\b(?:agregame|agregenme|sigueme|siganme|anademe|escribeme|hablame|buscame)\s+(?:(?:al|en|a|por|mi)\s+)*(?:${PLATFORM})\b|\bmi\s+(?:${PLATFORM})\s*(?:es|:|=|@)|\b(?:el|la)\s+mi[oa]\s+es\s+@`,
  String.raw`\bmi\s+(?:usuario|user|nombre de usuario|id|nick)\s+(?:de|en)\s+(?:${PLATFORM})\s+es\b`,
  String.raw`\bmi\s+(?:direccion|domicilio)\s*(?:es|:)|\bmi\s+nombre\s+(?:completo|real)\s+es\b|\bmi\s+(?:codigo postal|cp)\s*(?:es|:)?\s*\d`,
  String.raw`\bmi\s+(?:\w+\s+)?(?:contrasena|clave|password|pin)\s*(?:es|:|=)\s*\S+`,
  String.raw`\b(?:${STREET})\b\.?\s+(?:(?:de|del|la|las|los|el)\s+)*(?:[a-z]+\s+){1,3}?(?:numero\s+|no\s+|n\s+|#\s*)?\d{1,5}\b`,
  String.raw`\b(?:carrera|cra|calle|cl|diagonal|transversal|avenida|av)\s+\d{1,3}[a-z]?\s*(?:#|no|n|numero)\s*\d{1,3}\s*-\s*\d{1,3}\b`,
];

/** Famous addresses a Spanish lesson names (the Simpsons' home in the Latin American dub). */
const famousAddressEs = /\bcalle\s+falsa\s+(?:n[uú]mero\s+)?123\b|\bbalcarce\s+50\b/giu;

const phoneCue = compile(
  String.raw`\b(?:mi|su|tu)\s+(?:\w+\s+)?(?:numero|cel|celular|telefono|tel|movil|whatsapp)\b|\b(?:llamame|escribeme|marcame|mandame (?:un )?(?:mensaje|whatsapp))\b`,
);

/** A phone number after a Spanish cue: 8 to 13 digits in any grouping ("612 345 678", "55 1234 5678"). */
function hasPhoneEs(plain: string): boolean {
  for (const m of plain.matchAll(digitRun)) {
    const end = m.index + m[0].length;
    if (/[\p{L}\p{N}]/u.test(plain[m.index - 1] ?? '') || /[\p{L}\p{N}]/u.test(plain[end] ?? '')) continue;
    const cued = phoneCue.test(plain.slice(Math.max(0, m.index - 40), m.index));
    const digits = m[0].replace(/\D/g, '').length;
    if ((cued && digits >= 8 && digits <= 13) || phoneShaped(m[0], cued)) return true;
  }
  return false;
}

/** The rules by category, in the order they are checked: self-harm first, for its help resources. */
const rulesEs: [SafetyCategory, RegExp[]][] = [
  ['self_harm', selfHarm.map(compile)],
  ['safeguarding', safeguarding.map(compile)],
  ['violence', violence.map(compile)],
  ['sexual', sexual.map(compile)],
  ['bullying', bullying.map(compile)],
  ['personal_data', personalData.map(compile)],
];

/** A word spelled out letter by letter to get past a filter: the spacing is the tell. */
const spacedWords: [RegExp, SafetyCategory][] = [
  [compile('^(?:me)?(?:quiero|voy a|voya)?(?:morir(?:me)?|matarme|suicidarme|suicidar)$|^suicidio$'), 'self_harm'],
  [compile('^(?:nudes|porno|sexo|pack|desnuda|desnudo)$'), 'sexual'],
  [compile('^(?:matate|muerete|suicidate)$'), 'bullying'],
];

/** The first category (self-harm first) the Spanish rules find in a student's message, or null. */
export function phraseCategoryEs(message: string): SafetyCategory | null {
  const lower = message.replace(famousAddressEs, 'esa direccion').normalize('NFKC').toLowerCase();
  const readings = spacedReadings(lower);
  const plain = readings.map(plainSpellingEs);
  const spaced = new Set<SafetyCategory>();
  spacedOut.lastIndex = 0;
  for (const run of lower.matchAll(spacedOut)) {
    const word = plainSpellingEs(joinSpaced(run[0]));
    for (const [pattern, category] of spacedWords) if (pattern.test(word)) spaced.add(category);
  }
  for (const [category, patterns] of rulesEs) {
    if (spaced.has(category) || patterns.some((pattern) => plain.some((p) => pattern.test(p)))) return category;
  }
  // A handle after "el mio es" is read as written: the plain spelling folds "@" into a letter.
  if (/\b(?:el|la)\s+m[ií][oa]\s+es\s+@\w/u.test(lower) || plain.some(hasPhoneEs)) return 'personal_data';
  return null;
}

/**
 * Whether a text reads as Spanish: two or more words that Spanish uses and English does not. Used
 * where one English filter word is an ordinary Spanish one (Kike, a name).
 */
export function readsAsSpanish(text: string): boolean {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const spanish = new Set([
    'que',
    'el',
    'la',
    'los',
    'las',
    'con',
    'por',
    'para',
    'una',
    'del',
    'mi',
    'yo',
    'tu',
    'es',
    'esta',
    'y',
    'pero',
    'muy',
    'como',
    'se',
    'hizo',
    'hicimos',
    'de',
    'en',
    'jajaja',
    'jaja',
    'llorar',
    'risa',
  ]);
  return words.filter((w) => spanish.has(w)).length >= 2;
}

// ---------------------------------------------------------------------------------------------
// A tutor's reply

/** What a tutor must never say to a student, in Spanish (the English list is in safety.ts). Read lower case, accents dropped. */
const replyRules: [SafetyCategory, RegExp][] = [
  ['sexual', /\b(?:porno|pornos|nudes|sexting|cachond[oa]s?|follar|fotos? (?:desnud[oa]s?|sin ropa|intimas?)|manda(?:me)? (?:el )?pack)\b/],
  ['sexual', /\b(?:tener|tengamos|hacer|hagamos)\s+sexo\s+(?:contigo|conmigo)\b/],
  [
    'self_harm',
    /\b(?:deberias|por que no|solo tienes que|simplemente)\s+(?:matarte|suicidarte|hacerte dano|cortarte|dejar de comer|quitarte la vida)\b/,
  ],
  ['self_harm', /\b(?:formas?|maneras?|metodos?|como)\s+(?:de\s+|para\s+)?(?:matarte|suicidarte|hacerte dano|quitarte la vida|cortarte)\b/],
  [
    'bullying',
    /\b(?:eres|sos)\s+(?:muy\s+|tan\s+)?(?:estupid[oa]|fe[oa]|gord[oa]|inutil|un perdedor|una perdedora|un idiota|una idiota|patetic[oa]|tont[oa]|un fracasado|una fracasada)\b/,
  ],
  [
    'violence',
    /\bcomo\s+(?:hacer|fabricar|construir|armar)\s+(?:una|un)\s+(?:bomba(?! de (?:agua|calor))|explosivo|bomba casera|molotov)\b/,
  ],
];

/** The category of a tutor reply that says in Spanish what a tutor must never say, or null. */
export function replyCategoryEs(text: string): SafetyCategory | null {
  const plain = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return replyRules.find(([, pattern]) => pattern.test(plain))?.[0] ?? null;
}
