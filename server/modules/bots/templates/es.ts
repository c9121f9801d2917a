import type { Locale } from '../../../../contract/locale';
import type { TemplateKey } from './types';
import { templateKeys } from './types';

/**
 * The built-in templates in Spanish (issue 30), shown to a Spanish request only. What is stored
 * and what the model reads stay English: this overlay changes a built-in row's public face when it
 * is presented (the library, search, the start page, the bot's page, a student's tutor), never
 * the row, its instructions, a form's keys or a select's options (the chosen option is what the
 * model reads; a list's Spanish labels ride beside its options). A teacher's copy is the teacher's text and is never overlaid.
 */

/** A form field's human-facing texts. `help` and `unit` are given exactly where the English has them. */
export interface FieldTextsEs {
  label: string;
  help?: string;
  unit?: string;
}

/** A DocBot: its card and the labels of its own form fields (the shared ones are in commonFieldsEs). */
export interface DocTextsEs {
  name: string;
  description: string;
  fields: Record<string, FieldTextsEs>;
}

/** A ChatBot or TutorBot: its card and the welcome message the chat opens with. */
export interface TalkTextsEs {
  name: string;
  description: string;
  welcomeMessage: string;
}

export type TemplateTextsEs<K extends TemplateKey = TemplateKey> = K extends `doc.${string}` ? DocTextsEs : TalkTextsEs;

const NO_NAMES_HELP_ES = 'No escribas los nombres reales de tus estudiantes; el texto usa [Student].';

/** The fields every DocBot form shares (templates/types.ts docForm). */
export const commonFieldsEs: Record<'grade' | 'subject' | 'standard' | 'notes', FieldTextsEs> = {
  grade: { label: 'Grado' },
  subject: { label: 'Materia' },
  standard: { label: 'Estándar (opcional)', help: 'Pega el código y su redacción; el bot no inventará uno.' },
  notes: { label: 'Algo más (opcional)' },
};

const TUTOR_WELCOME_TAIL =
  'Para que lo sepas, tu docente puede leer este chat. Para empezar: ¿qué sabes ya sobre el tema o qué has intentado hasta ahora?';

export const templatesEs: { [K in TemplateKey]: TemplateTextsEs<K> } = {
  'doc.lesson-plan': {
    name: 'Plan de clase',
    description: 'Una clase lista para dar: objetivo, agenda con tiempos, comprobaciones de comprensión, apoyos y un boleto de salida.',
    fields: {
      topic: { label: 'Tema' },
      objective: { label: 'Objetivo de aprendizaje' },
      duration: { label: 'Duración de la clase', unit: 'minutos' },
      style: { label: 'Estilo de la clase' },
      class_needs: {
        label: 'Necesidades del grupo',
        help: 'Por ejemplo: 6 estudiantes aprendiendo inglés, 3 estudiantes que necesitan apoyo en lectura. No escribas nombres de estudiantes.',
      },
    },
  },
  'doc.unit-plan': {
    name: 'Plan de unidad',
    description: 'Una unidad con diseño inverso: metas, preguntas esenciales, una tarea de desempeño y una tabla clase por clase.',
    fields: {
      topic: { label: 'Tema de la unidad' },
      lessons: { label: 'Número de clases' },
      standards: { label: 'Estándares de la unidad', help: 'Pega los códigos y la redacción que usas.' },
      prior_knowledge: { label: 'Lo que tus estudiantes ya saben' },
    },
  },
  'doc.worksheet': {
    name: 'Hoja de trabajo',
    description: 'Una hoja de práctica imprimible sobre una habilidad, de lo fácil a lo difícil, con un reto y clave de respuestas.',
    fields: {
      skill: { label: 'Habilidad a practicar' },
      items: { label: 'Número de ejercicios' },
      format: { label: 'Formato' },
      worked_example: { label: 'Incluir un ejemplo resuelto' },
    },
  },
  'doc.quiz': {
    name: 'Cuestionario con clave de respuestas',
    description: 'Un cuestionario con puntos por pregunta y una clave aparte con cada respuesta, su justificación y su nivel DOK.',
    fields: {
      topic: { label: 'Tema o texto fuente', help: 'Un tema, o pega el texto sobre el que trata el cuestionario.' },
      questions: { label: 'Número de preguntas' },
      question_type: { label: 'Tipo de pregunta' },
      dok: { label: 'Profundidad de conocimiento (DOK)' },
    },
  },
  'doc.rubric': {
    name: 'Rúbrica',
    description:
      'Una rúbrica analítica, holística o de punto único en la que cada celda describe algo observable, con una lista de verificación para estudiantes.',
    fields: {
      assignment: { label: 'Tarea', help: 'Qué hacen o producen tus estudiantes y qué es lo más importante.' },
      rubric_type: { label: 'Tipo de rúbrica' },
      levels: { label: 'Número de niveles' },
      criteria: { label: 'Número de criterios' },
    },
  },
  'doc.exit-ticket': {
    name: 'Boleto de salida',
    description:
      'Una comprobación de 3 a 5 minutos al final de la clase, con una guía para clasificar respuestas en logrado, casi y todavía no.',
    fields: {
      objective: { label: 'Objetivo de la clase' },
      items: { label: 'Número de preguntas' },
      format: { label: 'Formato' },
    },
  },
  'doc.reading-passage': {
    name: 'Texto de lectura con preguntas',
    description:
      'Un texto original al nivel adecuado, con párrafos numerados, glosario, preguntas basadas en el texto y clave de respuestas.',
    fields: {
      topic: { label: 'Tema' },
      genre: { label: 'Género' },
      words: { label: 'Extensión', unit: 'palabras' },
      questions: { label: 'Número de preguntas' },
      focus: { label: 'Enfoque de las preguntas' },
    },
  },
  'doc.differentiated-text': {
    name: 'Texto diferenciado por niveles',
    description: 'Reescribe un texto en dos o tres niveles de lectura con las mismas ideas y términos clave, y preguntas comunes.',
    fields: {
      source: { label: 'Texto fuente', help: 'Pega el texto que quieres diferenciar.' },
      levels: { label: 'Número de niveles' },
      terms_to_keep: { label: 'Términos que se conservan', help: 'Separa los términos con comas.' },
    },
  },
  'doc.vocabulary-list': {
    name: 'Lista de vocabulario',
    description: 'Palabras que vale la pena enseñar, con definiciones sencillas, oraciones en contexto, contraejemplos, práctica y clave.',
    fields: {
      topic: { label: 'Tema o texto fuente' },
      words: { label: 'Número de palabras' },
      tier: { label: 'Nivel de vocabulario' },
      depth: { label: 'Profundidad' },
    },
  },
  'doc.parent-email': {
    name: 'Correo a las familias',
    description: 'Un correo claro y amable para una familia, en palabras sencillas, de menos de 200 palabras y en el idioma que elijas.',
    fields: {
      purpose: { label: 'Propósito' },
      points: { label: 'Puntos a incluir', help: NO_NAMES_HELP_ES },
      tone: { label: 'Tono' },
      language: { label: 'Idioma' },
    },
  },
  'doc.accommodations': {
    name: 'Adecuaciones compatibles con el PEI',
    description: 'Adecuaciones para una tarea y un área de necesidad, cada una ligada a una barrera y a una señal de que funciona.',
    fields: {
      need: { label: 'Área de necesidad' },
      task: { label: 'Tarea o actividad', help: NO_NAMES_HELP_ES },
      current_supports: { label: 'Apoyos que ya existen' },
    },
  },
  'doc.report-card-comments': {
    name: 'Comentarios para la boleta',
    description:
      'Varias versiones de un comentario equilibrado para la boleta: una fortaleza, una meta, un siguiente paso y un consejo para casa.',
    fields: {
      strengths: { label: 'Fortalezas', help: NO_NAMES_HELP_ES },
      growth: { label: 'Áreas de mejora', help: NO_NAMES_HELP_ES },
      tone: { label: 'Tono' },
      length: { label: 'Extensión' },
      variants: { label: 'Número de versiones' },
    },
  },
  'chat.lesson-ideas': {
    name: 'Lluvia de ideas para clases',
    description: 'Ideas frescas y prácticas de ganchos, actividades y proyectos para cualquier tema y grado.',
    welcomeMessage: '¡Hola! Dime el tema, el grado y la materia que estás planeando, y te sugeriré algunas ideas de clase para que elijas.',
  },
  'chat.classroom-management': {
    name: 'Coach de manejo del aula',
    description: 'Conversa sobre rutinas, transiciones y momentos difíciles, y sal con un plan concreto.',
    welcomeMessage: '¡Hola! ¿Qué está pasando en tu salón? Describe la situación y armaremos un plan que puedas probar mañana.',
  },
  'chat.differentiation': {
    name: 'Asistente de diferenciación',
    description: 'Adapta una tarea para estudiantes que aprenden inglés, estudiantes que necesitan apoyo y estudiantes listos para más.',
    welcomeMessage:
      '¡Hola! Pega una tarea o describe una actividad, dime el objetivo de aprendizaje y te ayudaré a adaptarla para cada estudiante.',
  },
  'chat.communication': {
    name: 'Asistente de comunicación escolar',
    description: 'Redacta y pule correos, boletines y notas para las familias y colegas.',
    welcomeMessage: '¡Hola! ¿A quién necesitas escribirle y qué debe decir el mensaje? Puedo redactarlo o pulir uno que ya tengas.',
  },
  'chat.standards-unpacker': {
    name: 'Desglosador de estándares',
    description: 'Desglosa un estándar en lo que tus estudiantes deben saber y hacer, metas de aprendizaje y formas de comprobarlas.',
    welcomeMessage:
      '¡Hola! Pega un estándar (su código y su redacción completa) y lo desglosaré en metas de aprendizaje y formas de comprobarlas.',
  },
  'tutor.socratic-math': {
    name: 'Tutor socrático de matemáticas',
    description: 'Guía a tus estudiantes en problemas de matemáticas con preguntas y pistas graduales. Nunca da la respuesta final.',
    welcomeMessage: `¡Hola! Estoy aquí para ayudarte a resolver problemas de matemáticas por tu cuenta, paso a paso. ${TUTOR_WELCOME_TAIL}`,
  },
  'tutor.writing-coach': {
    name: 'Coach de escritura',
    description: 'Ayuda a tus estudiantes a planear, redactar y revisar su propia escritura con preguntas. Nunca escribe sus oraciones.',
    welcomeMessage: `¡Hola! Estoy aquí para ayudarte a planear y mejorar tu propia escritura. ${TUTOR_WELCOME_TAIL}`,
  },
  'tutor.science-explainer': {
    name: 'Explicador de ciencias',
    description: 'Explica una idea de ciencias a la vez con un ejemplo y luego comprueba la comprensión con una pregunta para aplicarla.',
    welcomeMessage: `¡Hola! Estoy aquí para ayudarte a entender las ideas de ciencias, una parte a la vez. ${TUTOR_WELCOME_TAIL}`,
  },
  'tutor.vocabulary-quiz': {
    name: 'Práctica de vocabulario',
    description: 'Pregunta vocabulario una pregunta a la vez, ajusta la dificultad y termina con un resumen.',
    welcomeMessage: `¡Hola! Estoy aquí para ayudarte a practicar tus palabras de vocabulario con un cuestionario corto. ${TUTOR_WELCOME_TAIL}`,
  },
  'tutor.reading-detective': {
    name: 'Detective de lectura',
    description:
      'Ayuda a tus estudiantes a entender un texto encontrando evidencia por sí mismos, con preguntas y pistas. Nunca da la respuesta.',
    welcomeMessage: `¡Hola! Estoy aquí para ayudarte a entender lo que lees y a encontrar evidencia en el texto. ${TUTOR_WELCOME_TAIL}`,
  },
};

/**
 * What a Spanish reader sees for each option of a built-in template's lists, by the option as
 * stored. One table for every template: an option means the same wherever it appears. A number
 * such as "3" is shown as it is; every other option has its label here (templates.test.ts).
 */
export const optionLabelsEs: Readonly<Record<string, string>> = {
  ELA: 'Lengua y literatura',
  Math: 'Matemáticas',
  Science: 'Ciencias',
  'Social Studies': 'Estudios sociales',
  'World Languages': 'Lenguas extranjeras',
  Arts: 'Artes',
  'Health/PE': 'Salud y educación física',
  'Computer Science': 'Informática',
  Other: 'Otra',
  'Direct instruction': 'Instrucción directa',
  Inquiry: 'Indagación',
  Stations: 'Estaciones',
  Discussion: 'Debate',
  'Practice problems': 'Ejercicios de práctica',
  'Word problems': 'Problemas verbales',
  'Fill in the blank': 'Completar espacios',
  'Graphic organizer': 'Organizador gráfico',
  Yes: 'Sí',
  No: 'No',
  'Multiple choice': 'Opción múltiple',
  Mixed: 'Mixto',
  'Short answer': 'Respuesta corta',
  'True/false': 'Verdadero/falso',
  Analytic: 'Analítica',
  Holistic: 'Holística',
  'Single-point': 'De un solo punto',
  '3-2-1': '3-2-1',
  'Confidence + question': 'Confianza + pregunta',
  Informational: 'Informativo',
  Narrative: 'Narrativo',
  Poem: 'Poema',
  Argument: 'Argumentativo',
  Literal: 'Literal',
  Inference: 'Inferencia',
  Vocabulary: 'Vocabulario',
  'Tier 2': 'Nivel 2',
  'Tier 3': 'Nivel 3',
  Definitions: 'Definiciones',
  'Definitions + examples': 'Definiciones + ejemplos',
  'Frayer model': 'Modelo Frayer',
  Update: 'Novedad',
  Concern: 'Preocupación',
  'Good news': 'Buenas noticias',
  Reminder: 'Recordatorio',
  'Meeting request': 'Solicitud de reunión',
  Warm: 'Cercano',
  Formal: 'Formal',
  Neutral: 'Neutro',
  English: 'Inglés',
  Spanish: 'Español',
  'Chinese (Simplified)': 'Chino (simplificado)',
  Vietnamese: 'Vietnamita',
  Arabic: 'Árabe',
  French: 'Francés',
  'Haitian Creole': 'Criollo haitiano',
  Portuguese: 'Portugués',
  Russian: 'Ruso',
  Korean: 'Coreano',
  Tagalog: 'Tagalo',
  Reading: 'Lectura',
  Writing: 'Escritura',
  Attention: 'Atención',
  Processing: 'Procesamiento',
  Behaviour: 'Conducta',
  Sensory: 'Sensorial',
  'English language learning': 'Aprendizaje del inglés',
  '1–2 sentences': '1–2 oraciones',
  '3–4 sentences': '3–4 oraciones',
  'A paragraph': 'Un párrafo',
};

const isTemplateKey = (key: string): key is TemplateKey => (templateKeys as readonly string[]).includes(key);

/** The Spanish texts of a built-in template's field, when there are any. */
export function fieldTextsEs(templateKey: TemplateKey, fieldKey: string): FieldTextsEs | undefined {
  const texts = templatesEs[templateKey];
  if (!('fields' in texts)) return undefined;
  return texts.fields[fieldKey] ?? (commonFieldsEs as Record<string, FieldTextsEs | undefined>)[fieldKey];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A form field with its human-facing texts in Spanish; its key, kind and options stay as stored, and
 * a list carries the Spanish label of each option beside it (`optionLabels`).
 */
function fieldInSpanish(templateKey: TemplateKey, field: unknown): unknown {
  if (!isRecord(field) || typeof field.key !== 'string') return field;
  const es = fieldTextsEs(templateKey, field.key);
  const options: unknown = field.options;
  const optionLabels = Array.isArray(options)
    ? options.map((o: unknown) => (typeof o === 'string' ? (optionLabelsEs[o] ?? o) : o))
    : undefined;
  if (!es) return optionLabels ? { ...field, optionLabels } : field;
  return {
    ...field,
    ...(optionLabels ? { optionLabels } : {}),
    label: es.label,
    ...(typeof field.help === 'string' && es.help ? { help: es.help } : {}),
    ...(typeof field.unit === 'string' && es.unit ? { unit: es.unit } : {}),
  };
}

interface TemplateFace {
  ownerId: string | null;
  templateKey?: string | null;
  name: string;
  description?: string;
  settings: Record<string, unknown>;
}

/**
 * A row as a reader in `locale` sees it: for Spanish, a built-in template's name, description,
 * welcome message and form labels in Spanish; anything else (English, a teacher's bot or copy, a
 * key this build does not ship) is returned as it is, the same object.
 */
export function templateInLocale<R extends TemplateFace>(row: R, locale: Locale): R {
  if (locale !== 'es' || row.ownerId !== null || !row.templateKey || !isTemplateKey(row.templateKey)) return row;
  const key = row.templateKey;
  const texts: DocTextsEs | TalkTextsEs = templatesEs[key];
  const settings = { ...row.settings };
  if ('welcomeMessage' in texts && typeof settings.welcomeMessage === 'string') settings.welcomeMessage = texts.welcomeMessage;
  if (Array.isArray(settings.formInputs)) settings.formInputs = settings.formInputs.map((f: unknown) => fieldInSpanish(key, f));
  return {
    ...row,
    name: texts.name,
    ...(row.description !== undefined ? { description: texts.description } : {}),
    settings,
  };
}
