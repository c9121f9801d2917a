import { createContext, use, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '../../../contract/subscription';
import type { MyTrophies, Trophy } from '../../../contract/trophies';
import { useMe } from '../session/getMe';
import { useSubscription } from '../session/getSubscription';
import { trophyKeys } from '../trophies/keys';
import { useMyTrophies } from '../trophies/useMyTrophies';

/** A collection (folder) of the bot library, as the library panel keeps it in the app state. */
export interface Collection {
  id: string;
  name: string;
}

/** The TutorBot and assignment open in a tutor run (docs/product/routes-and-guards.md#two-pages-the-seed-names-without-describing). */
export interface TutorContent {
  botId: string;
  botName: string;
  /** The student's record (the route's asid), or null in a teacher's preview. */
  assignmentId: string | null;
  /** The assignment's title and its teacher's name, with the record. */
  assignmentTitle: string | null;
  teacherName: string | null;
}

/** The shared app state of docs/product/routes-and-guards.md (tropyCount spelled as in the seed). */
export interface AppState {
  subscription: Subscription | null;
  tutorContent: TutorContent | null;
  collections: Collection[];
  tropyCount: number;
  /** The student's newest trophies (at most 30, newest first), each with its reason and assignment. */
  trophies: Trophy[];
  setTutorContent: (content: TutorContent | null) => void;
  setCollections: (collections: Collection[]) => void;
  setTropyCount: (count: number) => void;
}

const AppStateContext = createContext<AppState | null>(null);
const noTrophies: Trophy[] = [];

/**
 * Holds the shared state, loaded once after sign-in and refreshed when it changes. The
 * subscription comes from its query (invalidated on sign-in and sign-out, refetched on focus).
 * A student's trophies come from GET /api/my-trophies, kept live (useMyTrophies); others count 0.
 * Collections and tutorContent have no API yet: they start at [] and null, and are reset whenever
 * the signed-in user changes.
 */
export function AppStateProvider({ children }: { children: ReactNode }) {
  const me = useMe();
  const userId = me.data?.id ?? null;
  const subscription = useSubscription(userId !== null);
  const [tutorContent, setTutorContent] = useState<TutorContent | null>(null);
  const [collections, setCollections] = useState<Collection[]>([]);
  const isStudent = userId !== null && subscription.data?.user_type === 'student';
  const myTrophies = useMyTrophies(isStudent);
  const queryClient = useQueryClient();

  const [owner, setOwner] = useState(userId);
  if (owner !== userId) {
    // A new user (or none) starts from the defaults (React's "adjust state on change" pattern).
    setOwner(userId);
    setTutorContent(null);
    setCollections([]);
  }
  // LATER (bot-library issue): load collections here with their query, enabled when userId !== null.
  const mine = isStudent ? myTrophies.data : undefined;
  const tropyCount = mine?.total ?? 0;
  const trophies = mine?.trophies;

  const value = useMemo<AppState>(
    () => ({
      subscription: userId !== null ? (subscription.data ?? null) : null,
      tutorContent,
      collections,
      tropyCount,
      trophies: trophies ?? noTrophies,
      setTutorContent,
      setCollections,
      // An optimistic count (the query's own data moves with it); the next fetch has the last word.
      setTropyCount: (count: number) =>
        queryClient.setQueryData<MyTrophies>(trophyKeys.mine(), (old) => (old ? { ...old, total: count } : old)),
    }),
    [userId, subscription.data, tutorContent, collections, tropyCount, trophies, queryClient],
  );
  return <AppStateContext value={value}>{children}</AppStateContext>;
}

/** The shared app state; throws outside AppStateProvider. */
export function useAppState(): AppState {
  const value = use(AppStateContext);
  if (!value) throw new Error('useAppState is used outside AppStateProvider');
  return value;
}
