import {
  chatBotSettings,
  docBotSettings,
  tutorBotSettings,
  type BotDetail,
  type BotIcon,
  type BotKind,
  type BotSummary,
} from '../../../contract/bots';
import { DEFAULT_LOCALE, type Locale } from '../../../contract/locale';
import type { schema } from '../../db/client';
import { permissionsFor, routeIdsOf, type BotActor } from './bots.policy';
import { templateInLocale } from './templates/es';

export type BotRow = typeof schema.bot.$inferSelect;
export type KnowledgeRef = { id: string; name: string; status: string };

/** Shown when a bot has no icon of its own. */
export const defaultIcons: Record<BotKind, string> = { DocBot: '📄', ChatBot: '💬', TutorBot: '🎓' };

export function iconOf(row: Pick<BotRow, 'icon' | 'iconFileId' | 'kind'>): BotIcon {
  if (row.iconFileId) return { type: 'image', fileId: row.iconFileId };
  return { type: 'emoji', emoji: row.icon || defaultIcons[row.kind] };
}

/**
 * The sharer's name as a colleague may see it: a display name only. Sign-up may leave the e-mail
 * address (or something like one) as the name, and addresses are not shown to colleagues.
 */
export function sharerName(name: string | null | undefined): string | null {
  const shown = name?.trim();
  if (!shown || shown.includes('@')) return null;
  return shown;
}

/**
 * A library card. The owner's collection and last use are the owner's business only; `sharer` is
 * the owner's name, passed only where the actor's school shares the bot (the School tab). A built-in
 * template reads in the request's `locale` (templates/es.ts); the stored row is never changed.
 */
export function presentSummary(actor: BotActor, stored: BotRow, sharer: string | null = null, locale: Locale = DEFAULT_LOCALE): BotSummary {
  const row = templateInLocale(stored, locale);
  const own = row.ownerId === actor.userId;
  const sharedWithActor = !own && row.visibility === 'school' && actor.schoolId !== null && row.schoolId === actor.schoolId;
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    icon: iconOf(row),
    visibility: row.visibility,
    isTemplate: row.ownerId === null,
    isOwner: own,
    collectionId: own ? row.collectionId : null,
    ...routeIdsOf(row),
    lastUsedAt: own && row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
    updatedAt: row.updatedAt.toISOString(),
    sharedBy: sharedWithActor ? sharerName(sharer) : null,
  };
}

/**
 * The whole bot, for the editor and the runner. Settings pass through the contract for defaults.
 * A built-in template's public face (name, description, welcome message, form labels) reads in
 * `locale`; its instructions, form keys and options stay as stored, as the model reads them.
 */
export function presentDetail(actor: BotActor, stored: BotRow, knowledge: KnowledgeRef[], locale: Locale = DEFAULT_LOCALE): BotDetail {
  const row = templateInLocale(stored, locale);
  const base = {
    ...presentSummary(actor, row),
    instructions: row.instructions,
    temperature: row.temperature,
    knowledgeFiles: knowledge,
    copiedFrom: row.copiedFrom,
    templateKey: row.templateKey,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    permissions: permissionsFor(actor, row),
  };
  switch (row.kind) {
    case 'DocBot':
      return { ...base, kind: 'DocBot', settings: docBotSettings.parse(row.settings) };
    case 'ChatBot':
      return { ...base, kind: 'ChatBot', settings: chatBotSettings.parse(row.settings) };
    case 'TutorBot':
      return { ...base, kind: 'TutorBot', settings: tutorBotSettings.parse(row.settings) };
  }
}
