import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../lib/paths';
import type { RouteAccess } from './guards/guards';
import { RouteGuard, type RouteHandle } from './guards/RouteGuard';
import { PublicLayout } from './layouts/PublicLayout';
import { StudentLayout } from './layouts/StudentLayout';
import { TeacherLayout } from './layouts/TeacherLayout';
import { NotFoundRoute } from './routes/NotFoundRoute';
import { RouteError } from './routes/RouteError';

// Every page is its own chunk, so the main bundle holds only the shell.
const pages = {
  landing: lazy(() => import('./routes/LandingRoute')),
  privacyPolicy: lazy(() => import('../features/privacy/components/PrivacyPolicyPage')),
  student: lazy(() => import('../features/bots/components/StudentPreviewPage')),
  home: lazy(() => import('../features/bots/components/BotLibraryPage')),
  docBotAddEdit: lazy(() => import('../features/bots/components/DocBotEditorPage')),
  chatBotAddEdit: lazy(() => import('../features/bots/components/ChatBotEditorPage')),
  tutorBotAddEdit: lazy(() => import('../features/bots/components/TutorBotEditorPage')),
  runDocBot: lazy(() => import('../features/bots/components/RunDocBotPage')),
  runChatBot: lazy(() => import('../features/bots/components/RunChatBotPage')),
  runTutorBot: lazy(() => import('../features/bots/components/RunTutorBotPage')),
  runStudentTutorBot: lazy(() => import('../features/assignments/components/RunStudentTutorBotPage')),
  teachAssignments: lazy(() => import('../features/assignments/components/TeachAssignmentsPage')),
  studentAssignments: lazy(() => import('../features/assignments/components/StudentAssignmentsPage')),
  savedResources: lazy(() => import('../features/resources/components/SavedResourcesPage')),
  myStudents: lazy(() => import('../features/students/components/MyStudentsPage')),
  supportTickets: lazy(() => import('../features/support/components/SupportTicketsPage')),
  superDash: lazy(() => import('../features/dashboards/components/SuperDashPage')),
  dashboard: lazy(() => import('../features/dashboards/components/DashboardPage')),
  teacherLists: lazy(() => import('../features/schools/components/TeacherListsPage')),
  mySubscription: lazy(() => import('../features/subscription/components/MySubscriptionPage')),
  contactSupport: lazy(() => import('../features/support/components/ContactSupportPage')),
} satisfies Record<keyof typeof paths, LazyExoticComponent<ComponentType>>;

type Name = keyof typeof paths;

const signedIn: RouteAccess = { audience: 'protected' };
const premium: RouteAccess = { audience: 'protected', subscription: true };

/** What each route requires (SEED-SPEC.md section 2; PRODUCT.md section 4). */
export const routeAccess: Record<Name, RouteAccess> = {
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
  myStudents: premium,
  supportTickets: { ...premium, only: 'support' },
  superDash: { ...premium, only: 'support' },
  dashboard: { ...premium, only: 'schoolAdmin' },
  teacherLists: { audience: 'protected', only: 'schoolAdmin' },
  mySubscription: signedIn,
  contactSupport: signedIn,
};

const route = (name: Name): RouteObject => {
  const Page = pages[name];
  const handle: RouteHandle = { access: routeAccess[name] };
  return { path: paths[name].pattern, element: <Page />, handle };
};

const publicRoutes: Name[] = ['landing', 'privacyPolicy'];
const studentRoutes: Name[] = ['studentAssignments', 'runStudentTutorBot'];
const teacherRoutes = (Object.keys(paths) as Name[]).filter((n) => !publicRoutes.includes(n) && !studentRoutes.includes(n));

/** The route table: one guard around every route, then the three layouts. */
export const routes: RouteObject[] = [
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
