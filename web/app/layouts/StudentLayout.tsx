import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import Divider from '@mui/material/Divider';
import { useAppState } from '../../lib/app-state/AppState';
import { useMe } from '../../lib/session/getMe';
import { useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { AccountMenu } from './AccountMenu';
import { AppFrame, FrameNotice } from './AppFrame';
import { DrawerFooter, DrawerNav, NavSection } from './DrawerParts';
import { useSchoolLogo } from './schoolLogo';
import { TopBar } from './TopBar';
import { TrophyChart } from './TrophyChart';
import { useLogout } from './useLogout';

/**
 * The student area's layout: the same top bar (no 'Get Premium'), 'Switch to Teacher Account'
 * for teachers previewing it, the 'My Assignments' item (the seed's 'MyAssignments', spelled for people) and the Trophy Chart.
 */
export function StudentLayout() {
  const t = useT();
  const { data: me } = useMe();
  const { subscription, tropyCount, trophies, tutorContent } = useAppState();
  const logout = useLogout();
  const schoolLogo = useSchoolLogo(subscription);
  if (!me || !subscription) return null;
  const isTeacher = subscription.user_type === 'teacher';
  return (
    <AppFrame
      topBar={({ open, toggle }) => (
        <TopBar
          menuOpen={open}
          onToggleMenu={toggle}
          showGetPremium={false}
          schoolLogo={schoolLogo}
          title={tutorContent?.botName}
          account={
            <AccountMenu
              name={me.name}
              email={me.email}
              switchTo={isTeacher ? { label: t('shell.topBar.switchToTeacher'), to: paths.home.to('DocBot') } : null}
              onLogout={logout}
            />
          }
        />
      )}
      drawer={
        <DrawerNav>
          <NavSection
            entries={[{ label: t('shell.drawer.myAssignments'), to: paths.studentAssignments.to(), icon: <AssignmentOutlined /> }]}
          />
          <Divider />
          <TrophyChart count={tropyCount} trophies={trophies} />
          <DrawerFooter />
        </DrawerNav>
      }
      notices={
        <>
          {subscription.status === 'error' && subscription.message && (
            <FrameNotice severity="warning">{t('shell.subscriptionError', { message: subscription.message })}</FrameNotice>
          )}
        </>
      }
    />
  );
}
