import type { ReactNode } from 'react';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import BarChart from '@mui/icons-material/BarChart';
import BookmarkBorder from '@mui/icons-material/BookmarkBorder';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import ConfirmationNumberOutlined from '@mui/icons-material/ConfirmationNumberOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import SupportAgent from '@mui/icons-material/SupportAgent';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import Divider from '@mui/material/Divider';
import { isPremium, type Subscription } from '../../../contract/subscription';
import type { Me } from '../../../contract/account';
import type { FlagCount } from '../../../contract/flags';
import { PastDueBanner } from '../../features/subscription/components/PastDueBanner';
import { useTicketUnreadCount } from '../../features/support/api/unreadCount';
import { useAppState } from '../../lib/app-state/AppState';
import { useFlagCount, useFlagsLive } from '../../features/flags/hooks/useFlagsLive';
import { useMe } from '../../lib/session/getMe';
import { useT, type Translate } from '../../lib/i18n';
import { isSchoolAdmin } from '../guards/guards';
import { paths } from '../../lib/paths';
import { AccountMenu } from './AccountMenu';
import { AppFrame, FrameNotice } from './AppFrame';
import { DrawerFooter, DrawerNav, NavSection, type NavEntry } from './DrawerParts';
import { useSchoolLogo } from './schoolLogo';
import { TopBar } from './TopBar';
import { UsageMeter } from './UsageMeter';
import { useDrawerExpanded } from './drawerContext';
import { useLogout } from './useLogout';

/** Flags: Premium teachers and school admins; a teacher whose plan lapsed while they still have flags to read. */
const showsFlags = (subscription: Subscription, flags: FlagCount | undefined) =>
  subscription.user_type === 'teacher' && (isPremium(subscription.status) || isSchoolAdmin(subscription) || (flags?.total ?? 0) > 0);

/** The teacher drawer's groups, in the seed's order, for this user. */
function teacherNav(
  subscription: Subscription,
  me: Me,
  flags: FlagCount | undefined,
  unreadReplies = 0,
  t: Translate,
): { main: NavEntry[]; admin: NavEntry[] | null; superAdmin: NavEntry[] | null } {
  const premium = isPremium(subscription.status);
  const showFlags = showsFlags(subscription, flags);
  const main: (NavEntry | false)[] = [
    { label: t('shell.drawer.myDocBots'), to: paths.home.to('DocBot'), icon: <DescriptionOutlined /> },
    { label: t('shell.drawer.myChatBots'), to: paths.home.to('ChatBot'), icon: <ChatOutlined /> },
    { label: t('shell.drawer.myTutorBots'), to: paths.home.to('TutorBot'), icon: <SchoolOutlined /> },
    premium && { label: t('shell.drawer.assignments'), to: paths.teachAssignments.to(), icon: <AssignmentOutlined /> },
    { label: t('shell.drawer.savedDocs'), to: paths.savedResources.to(), icon: <BookmarkBorder /> },
    subscription.user_type === 'teacher' && { label: t('shell.drawer.myFiles'), to: paths.myFiles.to(), icon: <FolderOutlined /> },
    premium && { label: t('shell.drawer.myStudents'), to: paths.myStudents.to(), icon: <PeopleOutlined /> },
    showFlags && {
      label: t('flags.drawer'),
      to: paths.flags.to(),
      icon: <FlagOutlined />,
      badge: flags?.unreviewed ?? 0,
      badgeLabel: (count: number) => t('flags.unreviewedCount', { count }),
    },
    { label: t('shell.drawer.mySubscription'), to: paths.mySubscription.to(), icon: <WorkspacePremiumOutlined /> },
    {
      label: t('shell.drawer.support'),
      to: paths.contactSupport.to(),
      icon: <SupportAgent />,
      badge: unreadReplies,
      badgeLabel: (count: number) => t('support.badge', { count }),
    },
  ];
  return {
    main: main.filter((e): e is NavEntry => e !== false),
    admin: isSchoolAdmin(subscription)
      ? [
          { label: t('shell.drawer.teacherList'), to: paths.teacherLists.to(), icon: <GroupsOutlined /> },
          { label: t('shell.drawer.dataDashboard'), to: paths.dashboard.to(), icon: <BarChart /> },
        ]
      : null,
    superAdmin: me.isSupport
      ? [
          { label: t('shell.drawer.supportTickets'), to: paths.supportTickets.to(), icon: <ConfirmationNumberOutlined /> },
          { label: t('shell.drawer.allDataDashboard'), to: paths.superDash.to(), icon: <DashboardOutlined /> },
        ]
      : null,
  };
}

/** The teacher layout: top bar with 'Get Premium' for non-premium users, the teacher drawer. */
export function TeacherLayout() {
  const t = useT();
  const { data: me } = useMe();
  const { subscription } = useAppState();
  const logout = useLogout();
  const schoolLogo = useSchoolLogo(subscription);
  // The badge; while the drawer shows Flags, the live stream keeps every flag count on the page current.
  const flags = useFlagCount(subscription?.user_type === 'teacher');
  useFlagsLive(subscription !== null && showsFlags(subscription, flags.data));
  // Support's unread replies on the Support entry (the support account answers tickets, it opens none).
  const replies = useTicketUnreadCount(subscription?.user_type === 'teacher' && Boolean(me) && !me?.isSupport);
  // The guards render this layout only once both are loaded.
  if (!me || !subscription) return null;
  const nav = teacherNav(subscription, me, flags.data, replies.data?.unread, t);
  const isStudent = subscription.user_type === 'student';
  return (
    <AppFrame
      topBar={({ open, toggle }) => (
        <TopBar
          menuOpen={open}
          onToggleMenu={toggle}
          showGetPremium={!isPremium(subscription.status) && !isStudent}
          schoolLogo={schoolLogo}
          account={
            <AccountMenu
              name={me.name}
              email={me.email}
              switchTo={isStudent ? null : { label: t('shell.topBar.switchToStudent'), to: paths.studentAssignments.to() }}
              onLogout={logout}
            />
          }
        />
      )}
      drawer={
        <DrawerNav>
          <NavSection entries={nav.main} />
          {nav.admin && (
            <>
              <Divider />
              <NavSection title={t('shell.drawer.adminTools')} entries={nav.admin} />
            </>
          )}
          {nav.superAdmin && (
            <>
              <Divider />
              <NavSection title={t('shell.drawer.superAdminTools')} entries={nav.superAdmin} />
            </>
          )}
          {!isPremium(subscription.status) && !isStudent && (
            <ExpandedOnly>
              <Divider />
              <UsageMeter />
            </ExpandedOnly>
          )}
          <DrawerFooter />
        </DrawerNav>
      }
      notices={
        <>
          {subscription.status === 'error' && subscription.message && (
            <FrameNotice severity="warning">{t('shell.subscriptionError', { message: subscription.message })}</FrameNotice>
          )}
          <PastDueBanner />
        </>
      }
    />
  );
}

/** What fits only in the open drawer (the closed rail is icons only). */
function ExpandedOnly({ children }: { children: ReactNode }) {
  return useDrawerExpanded() ? <>{children}</> : null;
}
