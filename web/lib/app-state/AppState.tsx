import { createContext, use, useMemo, useState, type ReactNode } from 'react';
import type { Subscription } from '../../../contract/subscription';
import { useMe } from '../session/getMe';
import { useSubscription } from '../session/getSubscription';

/** A collection (folder) of the bot library, as the library panel keeps it in the app state. */
export interface Collection {
  id: string;
  name: string;
}

/** The TutorBot and assignment open in a tutor run (PRODUCT.md section 3b). */
export interface TutorContent {
  botId: string;
  botName: string;
  /** The student's record (the route's asid), or null in a teacher's preview. */
  assignmentId: string | null;
  /** The assignment's title and its teacher's name, with the record. */
  assignmentTitle: string | null;
  teacherName: string | null;
}

/** The shared app state of SEED-SPEC.md section 3 (tropyCount spelled as in the seed). */
export interface AppState {
  subscription: Subscription | null;
  tutorContent: TutorContent | null;
  collections: Collection[];
  tropyCount: number;
  setTutorContent: (content: TutorContent | null) => void;
  setCollections: (collections: Collection[]) => void;
  setTropyCount: (count: number) => void;
}

const AppStateContext = createContext<AppState | null>(null);

/**
 * Holds the shared state, loaded once after sign-in and refreshed when it changes. The
 * subscription comes from its query (invalidated on sign-in and sign-out, refetched on focus).
 * Trophies, collections and tutorContent have no API yet: they start at 0, [] and null, and are
 * reset whenever the signed-in user changes; their loaders belong where marked below.
 */
export function AppStateProvider({ children }: { children: ReactNode }) {
  const me = useMe();
  const userId = me.data?.id ?? null;
  const subscription = useSubscription(userId !== null);
  const [tutorContent, setTutorContent] = useState<TutorContent | null>(null);
  const [collections, setCollections] = useState<Collection[]>([]);
  const [tropyCount, setTropyCount] = useState(0);

  const [owner, setOwner] = useState(userId);
  if (owner !== userId) {
    // A new user (or none) starts from the defaults (React's "adjust state on change" pattern).
    setOwner(userId);
    setTutorContent(null);
    setCollections([]);
    setTropyCount(0);
  }
  // LATER (trophies, bot-library issues): load tropyCount and collections here with their
  // queries, enabled when userId !== null, and keep the setters for optimistic updates.

  const value = useMemo<AppState>(
    () => ({
      subscription: userId !== null ? (subscription.data ?? null) : null,
      tutorContent,
      collections,
      tropyCount,
      setTutorContent,
      setCollections,
      setTropyCount,
    }),
    [userId, subscription.data, tutorContent, collections, tropyCount],
  );
  return <AppStateContext value={value}>{children}</AppStateContext>;
}

/** The shared app state; throws outside AppStateProvider. */
export function useAppState(): AppState {
  const value = use(AppStateContext);
  if (!value) throw new Error('useAppState is used outside AppStateProvider');
  return value;
}
