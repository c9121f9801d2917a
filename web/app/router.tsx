import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { paths } from '../lib/paths';
import type { RouteAccess } from './guards/guards';
import { isRouteHandle, RouteGuard, type RouteHandle } from './guards/RouteGuard';
import { lazyPage, type LazyPage } from './lazyPage';
import { PublicLayout } from './layouts/PublicLayout';
import { StudentLayout } from './layouts/StudentLayout';
import { TeacherLayout } from './layouts/TeacherLayout';
import { NotFoundRoute } from './routes/NotFoundRoute';
import { RouteError } from './routes/RouteError';

// Every page is its own chunk, so the main bundle holds only the shell.
const pages = {
  landing: lazyPage(() => import('./routes/LandingRoute')),
  privacyPolicy: lazyPage(() => import('../features/privacy/components/PrivacyPolicyPage')),
  student: lazyPage(() => import('../features/bots/components/StudentPreviewPage')),
  home: lazyPage(() => import('../features/bots/components/BotLibraryPage')),
  docBotAddEdit: lazyPage(() => import('../features/bots/components/DocBotEditorPage')),
  chatBotAddEdit: lazyPage(() => import('../features/bots/components/ChatBotEditorPage')),
  tutorBotAddEdit: lazyPage(() => import('../features/bots/components/TutorBotEditorPage')),
  runDocBot: lazyPage(() => import('../features/runs/components/RunDocBotPage')),
  runChatBot: lazyPage(() => import('../features/runs/components/RunChatBotPage')),
  runTutorBot: lazyPage(() => import('../features/runs/components/RunTutorBotPage')),
  runStudentTutorBot: lazyPage(() => import('../features/runs/components/RunStudentTutorBotPage')),
  teachAssignments: lazyPage(() => import('../features/assignments/components/TeachAssignmentsPage')),
  studentAssignments: lazyPage(() => import('../features/assignments/components/StudentAssignmentsPage')),
  savedResources: lazyPage(() => import('../features/resources/components/SavedResourcesPage')),
  myFiles: lazyPage(() => import('../features/files/components/MyFilesPage')),
  myStudents: lazyPage(() => import('../features/students/components/MyStudentsPage')),
  flags: lazyPage(() => import('../features/flags/components/FlagsPage')),
  supportTickets: lazyPage(() => import('../features/support/components/SupportTicketsPage')),
  superDash: lazyPage(() => import('../features/dashboards/components/SuperDashPage')),
  dashboard: lazyPage(() => import('../features/dashboards/components/DashboardPage')),
  teacherLists: lazyPage(() => import('../features/schools/components/TeacherListsPage')),
  mySubscription: lazyPage(() => import('../features/subscription/components/MySubscriptionPage')),
  contactSupport: lazyPage(() => import('../features/support/components/ContactSupportPage')),
  ltiDeepLink: lazyPage(() => import('../features/lti/components/DeepLinkPage')),
} satisfies Record<keyof typeof paths, LazyPage>;

type Name = keyof typeof paths;

const signedIn: RouteAccess = { audience: 'protected' };
const premium: RouteAccess = { audience: 'protected', subscription: true };

/** What each route requires (docs/product/routes-and-guards.md#route-table). */
const routeAccess: Record<Name, RouteAccess> = {
  landing: { audience: 'public' },
  privacyPolicy: { audience: 'public' },
  student: signedIn,
  home: signedIn,
  docBotAddEdit: signedIn,
  chatBotAddEdit: signedIn,
  tutorBotAddEdit: signedIn,
  runDocBot: signedIn,
  runChatBot: signedIn,
  runTutorBot: signedIn,
  runStudentTutorBot: { audience: 'protected', studentArea: true },
  teachAssignments: premium,
  studentAssignments: { audience: 'protected', studentArea: true },
  savedResources: signedIn,
  // Not premium-only: a free or lapsed teacher over the storage quota deletes files here to get out of it.
  myFiles: signedIn,
  myStudents: premium,
  // Not premium-only: a teacher whose plan lapsed still reads their flags, and a school admin reads
  // the school's self-harm alerts; the page explains the server's 402 to a teacher with neither.
  flags: signedIn,
  supportTickets: { ...premium, only: 'support' },
  superDash: { ...premium, only: 'support' },
  dashboard: { ...premium, only: 'schoolAdmin' },
  teacherLists: { audience: 'protected', only: 'schoolAdmin' },
  mySubscription: signedIn,
  contactSupport: signedIn,
  // A teacher's page, as the assignments are (the server answers the form's post with 402 otherwise).
  ltiDeepLink: premium,
};

const route = (name: Name): RouteObject => {
  const Page = pages[name];
  const handle: RouteHandle = { access: routeAccess[name], preload: Page.preload };
  return { path: paths[name].pattern, element: <Page />, handle };
};

const publicRoutes: Name[] = ['landing', 'privacyPolicy'];
const studentRoutes: Name[] = ['studentAssignments', 'runStudentTutorBot'];
const teacherRoutes = (Object.keys(paths) as Name[]).filter((n) => !publicRoutes.includes(n) && !studentRoutes.includes(n));

/** The route table: one guard around every route, then the three layouts. */
const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    errorElement: <RouteError />,
    children: [
      { element: <PublicLayout />, children: [...publicRoutes.map(route), { path: '*', element: <NotFoundRoute /> }] },
      { element: <TeacherLayout />, children: teacherRoutes.map(route) },
      { element: <StudentLayout />, children: studentRoutes.map(route) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

/** Starts loading the chunk of the page at this address, so it arrives alongside the session. */
export function preloadPageFor(location: Location): void {
  for (const match of matchRoutes(routes, location) ?? []) {
    const handle: unknown = match.route.handle;
    if (isRouteHandle(handle)) void handle.preload?.().catch(() => undefined);
  }
}
